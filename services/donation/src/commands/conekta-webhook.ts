import { createHash, verify } from 'node:crypto'
import type { Request } from 'express'
import { z } from 'zod'
import { ident, unauthorized } from '@donaciones/kit'
import type { DonationDeps } from '../deps.ts'
import { loadPaymentSettings } from '../providers/payment-settings.ts'
import { ConektaClient } from '../providers/conekta-client.ts'
import { syncConektaOrder, type SyncOutcome } from './conekta-sync.ts'
import type { DonationCommandContext } from './donation-commands.ts'
import { syncSubscriptionNotice } from './monthly-sync.ts'
import { markWebhookSeen, webhookSeen } from './webhook-log.ts'

const conektaEventSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.looseObject({ object: z.looseObject({ id: z.string().optional(), object: z.string().optional(), order_id: z.string().optional() }) }),
})

const handledTypes = new Set(['order.paid', 'order.expired', 'charge.paid', 'charge.expired'])
const subscriptionTypes = new Set(['subscription.paid', 'subscription.payment_failed', 'subscription.paused', 'subscription.canceled'])

/** The webhook key's public half, created once per private key with `POST /webhook_keys` and kept. */
async function webhookPublicKey(deps: DonationDeps, client: ConektaClient, privateKey: string): Promise<string> {
  const { db, store } = deps.context
  const name = `conekta-webhook-key:${createHash('sha256').update(privateKey).digest('hex').slice(0, 16)}`
  const { rows } = await db.query<{ value: string }>(`select value from ${ident(store.schema)}.provider_keys where name = $1`, [name])
  if (rows[0]) return rows[0].value
  const publicKey = await client.createWebhookKey()
  await db.query(`insert into ${ident(store.schema)}.provider_keys (name, value) values ($1, $2) on conflict (name) do nothing`, [name, publicKey])
  const stored = await db.query<{ value: string }>(`select value from ${ident(store.schema)}.provider_keys where name = $1`, [name])
  return stored.rows[0]?.value ?? publicKey
}

function invalidSignature() {
  return unauthorized('Firma inválida', 'La notificación no proviene del proveedor de pagos')
}

/**
 * POST /donations/webhooks/conekta: the DIGEST header must be Conekta's RSA-SHA256 signature of
 * the raw body; the event is handled once (by id) and acts on the order as re-read from Conekta.
 */
export async function handleConektaWebhook(deps: DonationDeps, command: DonationCommandContext, req: Request): Promise<SyncOutcome | 'duplicate'> {
  const digest = req.get('digest')
  const raw = req.rawBody
  if (!digest || !raw) throw invalidSignature()
  const settings = await loadPaymentSettings(deps.context.directory, command.correlationId)
  if (!settings.conekta.privateKey) throw invalidSignature()
  const client = new ConektaClient(settings.conekta.privateKey, deps.options.conektaApiUrl)
  const publicKey = await webhookPublicKey(deps, client, settings.conekta.privateKey)
  let valid = false
  try {
    valid = verify('sha256', raw, publicKey, Buffer.from(digest, 'base64'))
  } catch {
    valid = false
  }
  if (!valid) throw invalidSignature()

  const parsed = conektaEventSchema.safeParse(req.body)
  if (!parsed.success) return 'ignored'
  const event = parsed.data
  const { db, store } = deps.context
  if (await webhookSeen(db, store.schema, 'conekta', event.id)) return 'duplicate'
  let outcome: SyncOutcome = 'ignored'
  if (subscriptionTypes.has(event.type)) {
    outcome = await syncSubscriptionNotice(deps, command, event.data.object)
  } else if (handledTypes.has(event.type)) {
    const object = event.data.object
    const orderId = object.object === 'charge' || event.type.startsWith('charge.') ? object.order_id : object.id
    if (orderId) outcome = await syncConektaOrder(deps, command, await client.getOrder(orderId))
  }
  await markWebhookSeen(db, store.schema, 'conekta', event.id)
  return outcome
}
