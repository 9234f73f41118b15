export interface ProviderSimOptions {
  port?: number
  host?: string
}

import type { ConektaSubscription } from './conekta/recurring.ts'
import type { SimControls } from './controls.ts'

/** The simulator and its test controls (`SimControls`, also exposed over HTTP under /_sim/... for browser tests and the demo). */
export interface ProviderSim extends SimControls {
  /** Origin of the simulator, e.g. http://127.0.0.1:41234. */
  url: string
  conekta: { baseUrl: string; privateKey: string; publicKey: string }
  paypal: { baseUrl: string; clientId: string; secret: string; webhookId: string }
  /** Where signed webhooks are POSTed (our /api/donations/webhooks/conekta and /paypal). */
  setWebhookUrls(urls: { conekta?: string; paypal?: string }): void
  sendConektaWebhook(type: string, orderId: string, options?: { badSignature?: boolean }): Promise<Response>
  sendPaypalWebhook(eventType: string, orderId: string, options?: { badSignature?: boolean }): Promise<Response>
  /** Everything created so far, for assertions (e.g. how many charges an idempotency key produced). */
  conektaOrders(): readonly unknown[]
  paypalOrders(): readonly unknown[]
  conektaSubscriptions(): readonly ConektaSubscription[]
  /** How many Conekta orders requests with this Idempotency-Key really placed (replays not counted). */
  conektaOrdersPlacedWith(idempotencyKey: string): number
  /** The next `POST /conekta/orders` is carried out, then its connection is cut before the answer. */
  loseNextConektaOrderAnswer(): void
  close(): Promise<void>
}
