export interface ProviderSimOptions {
  port?: number
  host?: string
}

import type { ConektaSubscription } from './conekta/recurring.ts'
import type { AdvancedMonth } from './controls.ts'
import type { Outage, SimProvider } from './outage.ts'

export interface ProviderSim {
  /** Origin of the simulator, e.g. http://127.0.0.1:41234. */
  url: string
  conekta: { baseUrl: string; privateKey: string; publicKey: string }
  paypal: { baseUrl: string; clientId: string; secret: string; webhookId: string }
  /** Where signed webhooks are POSTed (our /api/donations/webhooks/conekta and /paypal). */
  setWebhookUrls(urls: { conekta?: string; paypal?: string }): void
  /** Test controls (also exposed over HTTP under /_sim/... for browser tests and the demo). */
  payOxxo(orderId: string): Promise<void>
  expireOxxo(orderId: string): Promise<void>
  paySpei(orderId: string): Promise<void>
  expireSpei(orderId: string): Promise<void>
  /** The next SPEI order answers with this CLABE (a wrong check digit, for a test) instead of a new one. */
  answerNextSpeiWith(clabe: string): Promise<void>
  approvePaypal(orderId: string, payer?: { name?: string; email?: string }): Promise<void>
  /** Every call of our server to `provider` answers `outage` (a 5xx, or a cut connection) until it is set to null; what browsers load keeps working. */
  setOutage(provider: SimProvider, outage: Outage | null): void
  /** Bills a subscription's next month; `outcome` forces the card's answer from now on; `deliveries` sends each webhook that many times (0: lost). */
  advanceSubscription(subscriptionId: string, options?: { outcome?: 'approved' | 'declined'; deliveries?: number }): Promise<AdvancedMonth>
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
