// Answers are typed, not parsed: the donation card loads without the validation library.
import type {
  ConektaDonationRequest,
  Donation,
  MonthlyDonationResponse,
  MonthlyLinkResponse,
  OxxoRequest,
  OxxoResponse,
  PaypalDonationRequest,
  PaypalDonationResponse,
  PaypalOrderRequest,
} from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'

/** A fresh key per attempt: the server keys the donation (and its provider calls) on it, so a retried request cannot charge twice. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

const idempotent = () => ({ 'Idempotency-Key': newIdempotencyKey() })

export type CardDonationResult = Donation & { customer_info?: { name: string; email: string; phone: string } }

/** POST /donations/conekta with the tokenizer's card token. */
export function donateByCard(body: ConektaDonationRequest): Promise<CardDonationResult> {
  return apiRequest<CardDonationResult>('SEND_CARD_DONATION', '/donations/conekta', { method: 'POST', json: body, headers: idempotent(), silent: true })
}

/** POST /donations/monthly: the same card data; the first month is charged now, then every month. */
export function donateMonthly(body: ConektaDonationRequest): Promise<MonthlyDonationResponse> {
  return apiRequest<MonthlyDonationResponse>('SEND_MONTHLY_DONATION', '/donations/monthly', { method: 'POST', json: body, headers: idempotent(), silent: true })
}

/** GET /donations/monthly/link: what a donor's link from a monthly e-mail is about. */
export function loadMonthlyLink(token: string): Promise<MonthlyLinkResponse> {
  return apiRequest<MonthlyLinkResponse>('LOAD_MONTHLY_LINK', `/donations/monthly/link?token=${encodeURIComponent(token)}`, { silent: true })
}

/** POST /donations/monthly/cancel: one click from the link. */
export function cancelMonthly(token: string): Promise<MonthlyLinkResponse> {
  return apiRequest<MonthlyLinkResponse>('CANCEL_MONTHLY_DONATION', '/donations/monthly/cancel', { method: 'POST', json: { token }, silent: true })
}

/** POST /donations/monthly/card: the new card's token for a suspended monthly donation. */
export function replaceMonthlyCard(token: string, cardToken: string): Promise<MonthlyLinkResponse> {
  return apiRequest<MonthlyLinkResponse>('UPDATE_MONTHLY_CARD', '/donations/monthly/card', { method: 'POST', json: { token, cardToken }, silent: true })
}

/** POST /donations/oxxopay/request: the cash voucher. */
export function requestOxxoVoucher(body: OxxoRequest): Promise<OxxoResponse> {
  return apiRequest<OxxoResponse>('SEND_OXXO_REQUEST', '/donations/oxxopay/request', { method: 'POST', json: body, headers: idempotent(), silent: true })
}

/** POST /donations/paypal/order: our server creates the PayPal order for the amount. */
export async function createPaypalOrder(body: PaypalOrderRequest): Promise<string> {
  const { orderID } = await apiRequest<{ orderID: string }>('SEND_PAYPAL_ORDER', '/donations/paypal/order', { method: 'POST', json: body, headers: idempotent(), silent: true })
  return orderID
}

/** POST /donations/paypal after the buyer approved: the server captures and records it. */
export function capturePaypalDonation(body: PaypalDonationRequest): Promise<PaypalDonationResponse> {
  return apiRequest<PaypalDonationResponse>('SEND_PAYPAL_DONATION', '/donations/paypal', { method: 'POST', json: body, silent: true })
}

/** The payer's name as PayPal reports it on the recorded donation (the server answers only that of the payer). */
export function paypalPayerName(donation: PaypalDonationResponse): string {
  return donation.name.trim()
}
