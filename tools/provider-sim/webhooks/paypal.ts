import { generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { isRecord, randomUpperId } from '../http.ts'
import type { PaypalOrder } from '../paypal/orders.ts'
import type { SignedWebhook } from './conekta.ts'

export interface PaypalEvent {
  id: string
  event_version: '1.0'
  create_time: string
  resource_type: 'capture' | 'checkout-order'
  resource_version: '2.0'
  event_type: string
  summary: string
  resource: unknown
  links: Array<{ href: string; rel: string; method: string }>
}

export const paypalAuthAlgo = 'SHA256withRSA'

/**
 * Signs PayPal webhooks like PayPal does: RSA-SHA256 over
 * `transmission_id|transmission_time|webhook_id|crc32(body)`, sent in the `PAYPAL-TRANSMISSION-*`
 * headers. `verify` answers `POST /v1/notifications/verify-webhook-signature`, re-serialising the
 * event it is given (as PayPal does), so the receiver must pass the event it received unchanged.
 */
export class PaypalWebhookSigner {
  private readonly privateKey: KeyObject
  private readonly publicKey: KeyObject

  constructor(private readonly baseUrl: () => string, readonly webhookId: string) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
    this.privateKey = pair.privateKey
    this.publicKey = pair.publicKey
  }

  private certUrl(): string {
    return `${this.baseUrl()}/v1/notifications/certs/CERT-sim-${this.webhookId}`
  }

  private message(transmissionId: string, transmissionTime: string, webhookId: string, body: string): Buffer {
    return Buffer.from(`${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(body))}`)
  }

  event(eventType: string, order: PaypalOrder): PaypalEvent {
    const base = this.baseUrl()
    const capture = order.purchase_units[0]?.payments?.captures[0]
    const isOrderEvent = eventType.startsWith('CHECKOUT.ORDER.')
    if (!isOrderEvent && !capture) throw new Error(`provider-sim: PayPal order ${order.id} has no capture for a ${eventType} event`)
    const id = `WH-${randomUpperId(17)}-${randomUpperId(17)}`
    return {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: isOrderEvent ? 'checkout-order' : 'capture',
      resource_version: '2.0',
      event_type: eventType,
      summary: isOrderEvent ? `An order has been ${order.status.toLowerCase()}` : `Payment ${eventType.split('.').at(-1)?.toLowerCase() ?? ''} for $ ${capture?.amount.value} MXN`,
      resource: isOrderEvent ? order : { ...capture, supplementary_data: { related_ids: { order_id: order.id } } },
      links: [
        { href: `${base}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    }
  }

  sign(event: PaypalEvent, badSignature = false): SignedWebhook {
    const body = JSON.stringify(event)
    const transmissionId = randomUUID()
    const transmissionTime = new Date().toISOString()
    const signature = sign('sha256', this.message(transmissionId, transmissionTime, this.webhookId, body), this.privateKey)
    if (badSignature) signature[0] = (signature[0] ?? 0) ^ 0xff
    return {
      body,
      headers: {
        'PAYPAL-TRANSMISSION-ID': transmissionId,
        'PAYPAL-TRANSMISSION-TIME': transmissionTime,
        'PAYPAL-TRANSMISSION-SIG': signature.toString('base64'),
        'PAYPAL-CERT-URL': this.certUrl(),
        'PAYPAL-AUTH-ALGO': paypalAuthAlgo,
        'PAYPAL-AUTH-VERSION': 'v2',
      },
    }
  }

  /** Checks a verify-webhook-signature request body; true only for an untampered webhook we sent. */
  verify(request: Record<string, unknown>): boolean {
    const { auth_algo, cert_url, transmission_id, transmission_sig, transmission_time, webhook_id, webhook_event } = request
    if (auth_algo !== paypalAuthAlgo || cert_url !== this.certUrl() || webhook_id !== this.webhookId) return false
    if (typeof transmission_id !== 'string' || typeof transmission_sig !== 'string' || typeof transmission_time !== 'string' || !isRecord(webhook_event)) return false
    const message = this.message(transmission_id, transmission_time, webhook_id, JSON.stringify(webhook_event))
    return verify('sha256', message, this.publicKey, Buffer.from(transmission_sig, 'base64'))
  }
}
