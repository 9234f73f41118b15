import type { Request } from 'express'
import { z } from 'zod'
import { unauthorized } from '@donaciones/kit'
import type { DonationDeps } from '../deps.ts'
import { findDonationByOrder } from '../projections/donation-queries.ts'
import type { DonationCommandContext } from './donation-commands.ts'
import { loadDonation } from './load-donation.ts'
import { approveFromPaypal } from './paypal-donation.ts'
import { paypalFor } from './provider-access.ts'
import { markWebhookSeen, webhookSeen } from './webhook-log.ts'

const paypalEventSchema = z.looseObject({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z
    .looseObject({
      id: z.string().optional(),
      custom_id: z.string().optional(),
      supplementary_data: z.looseObject({ related_ids: z.looseObject({ order_id: z.string().optional() }).optional() }).optional(),
    })
    .optional(),
})

function invalidSignature() {
  return unauthorized('Firma inválida', 'La notificación no proviene de PayPal')
}

/**
 * POST /donations/webhooks/paypal: PayPal itself verifies the transmission (verify-webhook-signature);
 * each event is handled once, and a completed capture approves the donation from the order re-read from PayPal.
 */
export async function handlePaypalWebhook(deps: DonationDeps, command: DonationCommandContext, req: Request): Promise<string> {
  const paypal = await paypalFor(deps, command.correlationId, { evenIfDisabled: true }).catch(() => {
    throw invalidSignature()
  })
  const headers: Record<string, string | undefined> = {}
  for (const name of ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time']) {
    headers[name] = req.get(name)
  }
  if (!headers['paypal-transmission-sig']) throw invalidSignature()
  const valid = await paypal.verifyWebhook({ headers, webhookId: deps.options.paypalWebhookId, event: req.body }).catch(() => false)
  if (!valid) throw invalidSignature()

  const parsed = paypalEventSchema.safeParse(req.body)
  if (!parsed.success) return 'ignored'
  const event = parsed.data
  const { db, store } = deps.context
  if (await webhookSeen(db, store.schema, 'paypal', event.id)) return 'duplicate'
  let outcome = 'ignored'
  const resource = event.resource
  const orderId = event.event_type.startsWith('CHECKOUT.ORDER') ? resource?.id : resource?.supplementary_data?.related_ids?.order_id
  if (orderId && (event.event_type === 'PAYMENT.CAPTURE.COMPLETED' || event.event_type === 'CHECKOUT.ORDER.COMPLETED')) {
    const row = await findDonationByOrder(db, store.schema, 'paypal', orderId)
    const state = row ? await loadDonation(store, row.id) : undefined
    if (state && state.status !== 'approved') {
      outcome = (await approveFromPaypal(deps, command, state, await paypal.getOrder(orderId))) ? 'approved' : 'unchanged'
    } else {
      outcome = state ? 'unchanged' : 'ignored'
    }
  }
  await markWebhookSeen(db, store.schema, 'paypal', event.id)
  return outcome
}
