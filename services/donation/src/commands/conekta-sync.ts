import type { DonationDeps } from '../deps.ts'
import { findDonationByOrder } from '../projections/donation-queries.ts'
import { feeOf, firstCharge, metadataString, type ConektaOrder } from '../providers/conekta-types.ts'
import { withMethod } from './card-donation.ts'
import { approveDonation, expireDonation, recordPaidOrder, type DonationCommandContext, type RequestedData } from './donation-commands.ts'
import { loadDonation } from './load-donation.ts'
import { wallChoiceFromOrder } from './donor-wall-choice.ts'
import { receiptFromMetadata } from './receipt-request.ts'
import { syncMonthlyOrder, type MonthlyNoticeOutcome } from './monthly-sync.ts'

export type SyncOutcome = 'approved' | 'recorded' | 'expired' | 'unchanged' | 'ignored' | MonthlyNoticeOutcome

function customerOf(order: ConektaOrder) {
  return { name: order.customer_info?.name ?? '', email: order.customer_info?.email ?? '', phone: order.customer_info?.phone ?? '' }
}

function channelOf(order: ConektaOrder): 'conekta' | 'oxxo' {
  const declared = metadataString(order, 'channel')
  if (declared === 'oxxo' || declared === 'conekta') return declared
  const type = firstCharge(order)?.payment_method?.type
  return type === 'cash' || type === 'oxxo' ? 'oxxo' : 'conekta'
}

/**
 * Brings our donation in line with a Conekta order fetched from Conekta itself: paid → approved
 * with the provider's fee (recorded whole when we had no donation for it), expired → expired.
 */
export async function syncConektaOrder(deps: DonationDeps, command: DonationCommandContext, order: ConektaOrder): Promise<SyncOutcome> {
  const { store, logger } = deps.context
  // A month of a monthly donation: the provider made the order, for the customer we made.
  if (!metadataString(order, 'donationId') && order.customer_info?.customer_id) return syncMonthlyOrder(deps, command, order)
  const donationId = metadataString(order, 'donationId') ?? (await findDonationByOrder(store.db, store.schema, 'conekta-any', order.id))?.id
  if (!donationId) return 'ignored'
  const existing = await loadDonation(store, donationId)

  if (order.payment_status === 'paid') {
    if (order.currency.toUpperCase() !== 'MXN') return 'ignored'
    const details = { providerOrderId: order.id, conekta: { customer_info: customerOf(order), ...withMethod(order) } }
    if (existing) {
      if (Math.round(existing.amount * 100) !== order.amount) {
        logger.error({ donationId, orderId: order.id }, 'El monto de la orden de Conekta no coincide con la donación')
        return 'ignored'
      }
      const { appended } = await approveDonation(command, donationId, { fee: feeOf(order), details })
      return appended ? 'approved' : 'unchanged'
    }
    const campaignId = metadataString(order, 'campaignId')
    if (!campaignId) return 'ignored'
    const customer = customerOf(order)
    const requested: RequestedData = {
      donationId,
      campaignId,
      amount: order.amount / 100,
      currency: 'MXN',
      type: channelOf(order),
      donor: { email: customer.email, name: customer.name },
      userId: metadataString(order, 'userId') ?? null,
      providerOrderId: order.id,
      requestedAt: new Date((order.created_at ?? Date.now() / 1000) * 1000).toISOString(),
      ...(customer.phone ? { phone: customer.phone } : {}),
      ...wallChoiceFromOrder(order),
      ...receiptFromMetadata(order),
    }
    const recorded = await recordPaidOrder(command, requested, { fee: feeOf(order), details })
    return recorded.length > 0 ? 'recorded' : 'unchanged'
  }

  if (order.payment_status === 'expired' || firstCharge(order)?.status === 'expired') {
    if (!existing) return 'ignored'
    return (await expireDonation(command, donationId)).appended ? 'expired' : 'unchanged'
  }
  return 'unchanged'
}
