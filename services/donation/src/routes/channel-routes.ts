import { Router, type Request } from 'express'
import { conektaDonationRequestSchema, oxxoRequestSchema, paypalDonationRequestSchema, paypalOrderRequestSchema } from '@donaciones/contracts'
import { unprocessable, withValidation } from '@donaciones/kit'
import { donateByCard, type AttemptMeta } from '../commands/card-donation.ts'
import { idempotencyKeyOf, requestHashOf } from '../commands/donation-id.ts'
import { donateMonthly } from '../commands/monthly-donation.ts'
import { requestOxxoVoucher } from '../commands/oxxo-donation.ts'
import { capturePaypalDonation, createPaypalOrder } from '../commands/paypal-donation.ts'
import { commandFor, type DonationDeps } from '../deps.ts'

/** The attempt's key and the hash of the body exactly as sent (the key binds to what was sent, not to its parsed form). */
function attemptMeta(req: Request, rawBody: unknown): AttemptMeta {
  const idempotencyKey = idempotencyKeyOf(req)
  return { idempotencyKey, requestHash: idempotencyKey ? requestHashOf(rawBody) : undefined, address: req.ip }
}

/** The donor's user id comes from the token; the body's `user`, when sent, must agree with it. */
function withoutUser<T extends { user?: string | null | undefined }>(req: Request, input: T): Omit<T, 'user'> {
  const { user, ...rest } = input
  if (user && user !== req.auth?._id) {
    throw unprocessable('Datos inválidos', 'El usuario no corresponde a la sesión', { errors: [{ path: 'user', message: 'El usuario no corresponde a la sesión' }] })
  }
  return rest
}

/** Public donation channels (the gateway passes an optional token): card (once or monthly), OXXO voucher, PayPal. */
export function channelRoutes(deps: DonationDeps): Router {
  const router = Router()

  router.post('/api/donations/conekta', withValidation({ body: conektaDonationRequestSchema }, async ({ body, rawBody }, req, res) => {
    res.json(await donateByCard(deps, commandFor(deps, req), withoutUser(req, body), attemptMeta(req, rawBody)))
  }))

  router.post('/api/donations/monthly', withValidation({ body: conektaDonationRequestSchema }, async ({ body, rawBody }, req, res) => {
    res.json(await donateMonthly(deps, commandFor(deps, req), withoutUser(req, body), attemptMeta(req, rawBody)))
  }))

  router.post('/api/donations/oxxopay/request', withValidation({ body: oxxoRequestSchema }, async ({ body, rawBody }, req, res) => {
    res.json(await requestOxxoVoucher(deps, commandFor(deps, req), withoutUser(req, body), attemptMeta(req, rawBody)))
  }))

  router.post('/api/donations/paypal/order', withValidation({ body: paypalOrderRequestSchema }, async ({ body, rawBody }, req, res) => {
    res.json(await createPaypalOrder(deps, commandFor(deps, req), withoutUser(req, body), attemptMeta(req, rawBody)))
  }))

  router.post('/api/donations/paypal', withValidation({ body: paypalDonationRequestSchema }, async ({ body, rawBody }, req, res) => {
    res.json(await capturePaypalDonation(deps, commandFor(deps, req), withoutUser(req, body), attemptMeta(req, rawBody)))
  }))

  return router
}
