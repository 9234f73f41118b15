import { Router, type Request } from 'express'
import { conektaDonationRequestSchema, oxxoRequestSchema, paypalDonationRequestSchema, paypalOrderRequestSchema } from '@donaciones/contracts'
import { parseInput, unprocessable } from '@donaciones/kit'
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

/** Public donation channels (the gateway passes an optional token): card, OXXO voucher, PayPal. */
export function channelRoutes(deps: DonationDeps): Router {
  const router = Router()

  router.post('/api/donations/conekta', async (req, res) => {
    const input = withoutUser(req, await parseInput(conektaDonationRequestSchema, req.body))
    res.json(await donateByCard(deps, commandFor(deps, req), input, attemptMeta(req)))
  })

  router.post('/api/donations/oxxopay/request', async (req, res) => {
    const input = withoutUser(req, await parseInput(oxxoRequestSchema, req.body))
    res.json(await requestOxxoVoucher(deps, commandFor(deps, req), input, attemptMeta(req)))
  })

  router.post('/api/donations/paypal/order', async (req, res) => {
    const input = withoutUser(req, await parseInput(paypalOrderRequestSchema, req.body))
    res.json(await createPaypalOrder(deps, commandFor(deps, req), input, attemptMeta(req)))
  })

  router.post('/api/donations/paypal', async (req, res) => {
    const input = withoutUser(req, await parseInput(paypalDonationRequestSchema, req.body))
    res.json(await capturePaypalDonation(deps, commandFor(deps, req), input, attemptMeta(req)))
  })

  return router
}
