import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { nowSeconds, randomId } from '../http.ts'
import type { ConektaOrder } from '../conekta/orders.ts'

export interface ConektaEvent {
  id: string
  object: 'event'
  type: string
  livemode: false
  created_at: number
  webhook_status: 'pending'
  webhook_logs: unknown[]
  data: { object: unknown; previous_attributes: Record<string, unknown> }
}

export interface SignedWebhook {
  body: string
  headers: Record<string, string>
}

function rsaPair(): { privateKey: KeyObject; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return { privateKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() }
}

/**
 * Signs Conekta webhooks: RSA-SHA256 over the raw body, base64, in the `DIGEST` header. One key pair
 * per simulator; every `POST /webhook_keys` hands out its public half (with a fresh key id), so a
 * receiver that created a key at any time can verify every webhook.
 */
export class ConektaWebhookSigner {
  private readonly pair = rsaPair()
  private forger: KeyObject | undefined

  get publicKeyPem(): string {
    return this.pair.publicKeyPem
  }

  event(type: string, order: ConektaOrder, previousAttributes: Record<string, unknown> = {}): ConektaEvent {
    return this.eventOf(type, type.startsWith('charge.') ? order.charges.data[0] : order, previousAttributes)
  }

  /** An event carrying any object (a subscription, a subscription's charge). */
  eventOf(type: string, object: unknown, previousAttributes: Record<string, unknown> = {}): ConektaEvent {
    return {
      id: randomId('', 12),
      object: 'event',
      type,
      livemode: false,
      created_at: nowSeconds(),
      webhook_status: 'pending',
      webhook_logs: [],
      data: { object, previous_attributes: previousAttributes },
    }
  }

  sign(event: ConektaEvent, badSignature = false): SignedWebhook {
    const body = JSON.stringify(event)
    let key = this.pair.privateKey
    if (badSignature) {
      this.forger ??= rsaPair().privateKey
      key = this.forger
    }
    return { body, headers: { DIGEST: sign('sha256', Buffer.from(body), key).toString('base64') } }
  }
}
