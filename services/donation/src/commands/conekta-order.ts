import type { OrderRequest } from 'conekta'
import type { RecordedReceiptRequest } from '@donaciones/contracts'
import { wallMetadata, type DonorWallChoice } from './donor-wall-choice.ts'
import { receiptMetadata } from './receipt-request.ts'

type PaymentMethod = NonNullable<OrderRequest['charges']>[number]['payment_method']

/** Amount in cents as Conekta counts it. */
export function toCents(amount: number): number {
  return Math.round(amount * 100)
}

export interface DonationOrder {
  donationId: string
  campaign: { campaignId: string; title: string }
  amount: number
  /** The signed-in donor, or null. */
  actor: string | null
  channel: 'conekta' | 'oxxo'
  customer: { name: string; email: string; phone: string }
  paymentMethod: PaymentMethod
  wall: DonorWallChoice
  /** The donor's deductible-receipt request, kept in the metadata for reconciliation. */
  receipt?: RecordedReceiptRequest | undefined
}

/**
 * The Conekta order of one donation, by card or cash: one line named after the campaign and the
 * donation's ids in the metadata, which the webhooks and the reconciliation read back.
 */
export function conektaOrderFor(order: DonationOrder): OrderRequest {
  return {
    currency: 'MXN',
    customer_info: order.customer,
    line_items: [{ name: `Donación: ${order.campaign.title}`.slice(0, 250), unit_price: toCents(order.amount), quantity: 1 }],
    metadata: { donationId: order.donationId, campaignId: order.campaign.campaignId, userId: order.actor ?? '', channel: order.channel, ...wallMetadata(order.wall), ...receiptMetadata(order) },
    charges: [{ payment_method: order.paymentMethod }],
  }
}
