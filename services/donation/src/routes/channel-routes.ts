import { Router, type Request, type RequestHandler } from 'express'
import { conektaDonationRequestSchema, oxxoRequestSchema, paypalDonationRequestSchema, paypalOrderRequestSchema } from '@donaciones/contracts'
import { unprocessable, withValidation } from '@donaciones/kit'
import { donateByCard, type AttemptMeta } from '../commands/card-donation.ts'
import { idempotencyKeyOf, requestHashOf } from '../commands/donation-id.ts'
import { requestOxxoVoucher } from '../commands/oxxo-donation.ts'
import { capturePaypalDonation, createPaypalOrder } from '../commands/paypal-donation.ts'
import { commandFor, type DonationDeps } from '../deps.ts'

function attemptMeta(req: Request): AttemptMeta {
  const idempotencyKey = idempotencyKeyOf(req)
  return { idempotencyKey, requestHash: idempotencyKey ? requestHashOf(req.body) : undefined, address: req.ip }
}

/** The donor's user id comes from the token; the body's `user`, when sent, must agree with it. */
function withoutUser<T extends { user?: string | null | undefined }>(req: Request, input: T): Omit<T, 'user'> {
  const { user, ...rest } = input
  if (user && user !== req.auth?._id) {
    throw unprocessable('Datos inválidos', 'El usuario no corresponde a la sesión', { errors: [{ path: 'user', message: 'El usuario no corresponde a la sesión' }] })
  }
  return rest
}

/**
 * The attempt's key and the hash of the body exactly as sent, taken before validation replaces
 * the body with its parsed form.
 */
const attempts = new WeakMap<Request, AttemptMeta>()
const rememberAttempt: RequestHandler = (req, _res, next) => {
  attempts.set(req, attemptMeta(req))
  next()
}
const attemptOf = (req: Request): AttemptMeta => attempts.get(req) ?? attemptMeta(req)

/** Public donation channels (the gateway passes an optional token): card, OXXO voucher, PayPal. */
export function channelRoutes(deps: DonationDeps): Router {
  const router = Router()

  router.post('/api/donations/conekta', rememberAttempt, withValidation({ body: conektaDonationRequestSchema }, async ({ body }, req, res) => {
    res.json(await donateByCard(deps, commandFor(deps, req), withoutUser(req, body), attemptOf(req)))
  }))

  router.post('/api/donations/oxxopay/request', rememberAttempt, withValidation({ body: oxxoRequestSchema }, async ({ body }, req, res) => {
    res.json(await requestOxxoVoucher(deps, commandFor(deps, req), withoutUser(req, body), attemptOf(req)))
  }))

  router.post('/api/donations/paypal/order', rememberAttempt, withValidation({ body: paypalOrderRequestSchema }, async ({ body }, req, res) => {
    res.json(await createPaypalOrder(deps, commandFor(deps, req), withoutUser(req, body), attemptOf(req)))
  }))

  router.post('/api/donations/paypal', rememberAttempt, withValidation({ body: paypalDonationRequestSchema }, async ({ body }, req, res) => {
    res.json(await capturePaypalDonation(deps, commandFor(deps, req), withoutUser(req, body), attemptOf(req)))
  }))

  return router
}
