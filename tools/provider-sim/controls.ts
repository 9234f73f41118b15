import express, { type Router } from 'express'
import { isRecord } from './http.ts'

export interface SimControls {
  payOxxo(orderId: string): Promise<void>
  expireOxxo(orderId: string): Promise<void>
  approvePaypal(orderId: string, payer?: { name?: string; email?: string }): Promise<void>
}

/**
 * HTTP test controls for browser tests and the demo: `POST /_sim/oxxo/{id}/pay`, `/_sim/oxxo/{id}/expire`,
 * `/_sim/paypal/{id}/approve` (optional JSON `{name, email}`). 200 `{ok:true}` or 409 `{ok:false, error}`.
 */
export function controlsRouter(controls: SimControls): Router {
  const router = express.Router()
  const json = express.json({ type: ['application/json', 'text/plain'] })

  const run = (action: () => Promise<void>) => async (_req: express.Request, res: express.Response) => {
    try {
      await action()
      res.json({ ok: true })
    } catch (error) {
      res.status(409).json({ ok: false, error: error instanceof Error ? error.message : String(error) })
    }
  }

  router.post('/oxxo/:id/pay', (req, res) => run(() => controls.payOxxo(req.params.id))(req, res))
  router.post('/oxxo/:id/expire', (req, res) => run(() => controls.expireOxxo(req.params.id))(req, res))
  router.post('/paypal/:id/approve', json, (req, res) => {
    const body: unknown = req.body
    const payer: { name?: string; email?: string } = {}
    if (isRecord(body) && typeof body.name === 'string') payer.name = body.name
    if (isRecord(body) && typeof body.email === 'string') payer.email = body.email
    return run(() => controls.approvePaypal(req.params.id, payer))(req, res)
  })
  return router
}
