import express, { type Router } from 'express'
import { isRecord } from './http.ts'
import type { Outage, SimProvider } from './outage.ts'

/** What advancing a subscription by a month did. */
export interface AdvancedMonth {
  orderId: string
  paid: boolean
  /** The webhook types it produced (paid; payment_failed, and paused after the last retry). */
  events: string[]
}

export interface SimControls {
  /** Every call of our server to `provider` answers `outage` (a 5xx, or a cut connection) until it is set to null; what browsers load keeps working. */
  setOutage(provider: SimProvider, outage: Outage | null): void
  /** Bills the next month; `outcome` forces the card's answer from now on; `deliveries` sends each webhook that many times (0: lost). */
  advanceSubscription(subscriptionId: string, options?: { outcome?: 'approved' | 'declined'; deliveries?: number }): Promise<AdvancedMonth>
  payOxxo(orderId: string): Promise<void>
  expireOxxo(orderId: string): Promise<void>
  /** The donor's transfer to a SPEI order's CLABE arrived: paid, with `order.paid`. */
  paySpei(orderId: string): Promise<void>
  expireSpei(orderId: string): Promise<void>
  /** The next SPEI order answers with this CLABE (a wrong check digit, for a test) instead of a new one. */
  answerNextSpeiWith(clabe: string): Promise<void>
  approvePaypal(orderId: string, payer?: { name?: string; email?: string }): Promise<void>
}

/**
 * HTTP test controls for browser tests and the demo: `POST /_sim/oxxo/{id}/pay`, `/_sim/oxxo/{id}/expire`,
 * `/_sim/spei/{id}/pay`, `/_sim/spei/{id}/expire`, `/_sim/spei/next-clabe` (JSON `{clabe}`),
 * `/_sim/paypal/{id}/approve` (optional JSON `{name, email}`), `/_sim/subscriptions/{id}/advance` (optional JSON
 * `{outcome: 'approved'|'declined', deliveries}`), `/_sim/outage/{conekta|paypal}` (JSON `{status}` for a 5xx,
 * `{disconnect: true}` to cut connections, `{}` to end it). 200 `{ok:true}` (and what was done) or 409 `{ok:false, error}`.
 */
export function controlsRouter(controls: SimControls): Router {
  const router = express.Router()
  const json = express.json({ type: ['application/json', 'text/plain'] })

  const run = (action: () => Promise<unknown>) => async (_req: express.Request, res: express.Response) => {
    try {
      const done = await action()
      res.json({ ok: true, ...(isRecord(done) ? done : {}) })
    } catch (error) {
      res.status(409).json({ ok: false, error: error instanceof Error ? error.message : String(error) })
    }
  }

  router.post('/oxxo/:id/pay', (req, res) => run(() => controls.payOxxo(req.params.id))(req, res))
  router.post('/oxxo/:id/expire', (req, res) => run(() => controls.expireOxxo(req.params.id))(req, res))
  router.post('/spei/next-clabe', json, (req, res) => {
    const body: unknown = req.body
    if (!isRecord(body) || typeof body.clabe !== 'string') return void res.status(400).json({ ok: false, error: 'Falta la CLABE: {"clabe": "…"}' })
    const clabe = body.clabe
    return run(() => controls.answerNextSpeiWith(clabe))(req, res)
  })
  router.post('/spei/:id/pay', (req, res) => run(() => controls.paySpei(req.params.id))(req, res))
  router.post('/spei/:id/expire', (req, res) => run(() => controls.expireSpei(req.params.id))(req, res))
  router.post('/paypal/:id/approve', json, (req, res) => {
    const body: unknown = req.body
    const payer: { name?: string; email?: string } = {}
    if (isRecord(body) && typeof body.name === 'string') payer.name = body.name
    if (isRecord(body) && typeof body.email === 'string') payer.email = body.email
    return run(() => controls.approvePaypal(req.params.id, payer))(req, res)
  })
  router.post('/outage/:provider', json, (req, res) => {
    const provider = req.params.provider
    if (provider !== 'conekta' && provider !== 'paypal') return void res.status(404).json({ ok: false, error: `Proveedor desconocido: ${provider}` })
    const body: unknown = req.body
    const outage = isRecord(body) && body.disconnect === true ? 'disconnect' : isRecord(body) && typeof body.status === 'number' ? { status: body.status } : null
    return run(async () => controls.setOutage(provider, outage))(req, res)
  })
  router.post('/subscriptions/:id/advance', json, (req, res) => {
    const body: unknown = req.body
    const options: { outcome?: 'approved' | 'declined'; deliveries?: number } = {}
    if (isRecord(body) && (body.outcome === 'approved' || body.outcome === 'declined')) options.outcome = body.outcome
    if (isRecord(body) && typeof body.deliveries === 'number') options.deliveries = body.deliveries
    return run(() => controls.advanceSubscription(req.params.id, options))(req, res)
  })
  return router
}
