import { Router } from 'express'
import { handleConektaWebhook } from '../commands/conekta-webhook.ts'
import { handlePaypalWebhook } from '../commands/paypal-webhook.ts'
import { commandFor, type DonationDeps } from '../deps.ts'

/** Provider notifications: verified on the raw body, handled once per event id, 200 once handled. */
export function webhookRoutes(deps: DonationDeps): Router {
  const router = Router()
  router.post('/api/donations/webhooks/conekta', async (req, res) => {
    const outcome = await handleConektaWebhook(deps, { ...commandFor(deps, req), actor: null }, req)
    res.json({ received: true, outcome })
  })
  router.post('/api/donations/webhooks/paypal', async (req, res) => {
    const outcome = await handlePaypalWebhook(deps, { ...commandFor(deps, req), actor: null }, req)
    res.json({ received: true, outcome })
  })
  return router
}
