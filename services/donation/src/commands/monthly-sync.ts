import { z } from 'zod'
import { deterministicUuid } from '@donaciones/kit'
import type { DonationDeps } from '../deps.ts'
import { monthlyIdOfCustomer } from '../projections/monthly-donations.ts'
import { feeOf, firstCharge, metadataString, type ConektaCustomer, type ConektaOrder, type ConektaSubscription } from '../providers/conekta-types.ts'
import type { ConektaRecurringClient } from '../providers/conekta-recurring.ts'
import { withMethod } from './card-donation.ts'
import { failedEvent, recordPaidOrder, startDonation, type DonationCommandContext, type RequestedData } from './donation-commands.ts'
import { handleMonthly } from './monthly-commands.ts'
import { loadMonthly, type CardOnFile, type MonthlyStarted, type MonthlyState } from './monthly-decider.ts'
import { conektaFor, recurringFor } from './provider-access.ts'
import { receiptFromMetadata } from './receipt-request.ts'

export type MonthSyncOutcome = 'recorded' | 'failed' | 'unchanged' | 'ignored'

/** Our id of one month: the same provider order is always the same donation, however often it is told. */
export function monthDonationId(orderId: string): string {
  return deterministicUuid('donation', 'conekta-month', orderId)
}

export function isoFromSeconds(seconds: number | null | undefined): string | undefined {
  return typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : undefined
}

/** The card a customer's subscription charges: last digits and brand only. */
export function cardOf(customer: ConektaCustomer, cardId?: string | null): CardOnFile {
  const sources = customer.payment_sources?.data ?? []
  const source = sources.find((candidate) => candidate.id === (cardId ?? customer.default_payment_source_id)) ?? sources.at(-1)
  return { ...(source?.last4 ? { last4: source.last4 } : {}), ...(source?.brand ? { brand: source.brand } : {}) }
}

/**
 * The start of a monthly donation as the provider holds it: we give every customer we create our
 * subscription id, campaign and the donor's choices as metadata, so a subscription whose request
 * died before it was recorded is recorded from the provider alone.
 */
export function startedFromProvider(customer: ConektaCustomer, subscription: ConektaSubscription, amount: number, at: string): MonthlyStarted | undefined {
  const subscriptionId = metadataString(customer, 'subscriptionId')
  const campaignId = metadataString(customer, 'campaignId')
  if (!subscriptionId || !campaignId || !subscription.plan_id) return undefined
  const anonymous = metadataString(customer, 'anonymous')
  const message = metadataString(customer, 'message')
  const nextChargeAt = isoFromSeconds(subscription.billing_cycle_end)
  return {
    subscriptionId,
    campaignId,
    amount,
    currency: 'MXN',
    donor: { name: customer.name ?? '', email: customer.email ?? '' },
    ...(customer.phone ? { phone: customer.phone } : {}),
    userId: metadataString(customer, 'userId') ?? null,
    providerCustomerId: customer.id,
    providerSubscriptionId: subscription.id,
    planId: subscription.plan_id,
    card: cardOf(customer, subscription.card_id),
    startedAt: at,
    ...(nextChargeAt ? { nextChargeAt } : {}),
    anonymous: anonymous !== 'false',
    ...(message ? { message } : {}),
    ...receiptFromMetadata(customer),
  }
}

/** Our monthly donation of a provider customer: from our records, else recorded now from the provider's. */
export async function monthlyOfCustomer(deps: DonationDeps, command: DonationCommandContext, client: ConektaRecurringClient, customerId: string, amount: number): Promise<MonthlyState | null> {
  const { store } = deps.context
  const known = await monthlyIdOfCustomer(store.db, store.schema, customerId)
  if (known) return loadMonthly(store, known)
  const customer = await client.getCustomer(customerId)
  const subscriptionId = metadataString(customer, 'subscriptionId')
  if (!subscriptionId) return null
  const recorded = await loadMonthly(store, subscriptionId)
  if (recorded) return recorded
  const started = startedFromProvider(customer, await client.getSubscription(customerId), amount, new Date().toISOString())
  if (!started) return null
  return (await handleMonthly(command, subscriptionId, { kind: 'start', started })).state
}

/** What a month's donation records: the subscription's donor, campaign and amount, this order, and the next charge. */
function monthRequested(state: MonthlyState, order: ConektaOrder, nextChargeAt: string | undefined, first: boolean): RequestedData {
  const { started } = state
  return {
    donationId: monthDonationId(order.id),
    campaignId: started.campaignId,
    amount: started.amount,
    currency: 'MXN',
    type: 'conekta',
    donor: started.donor,
    userId: started.userId,
    providerOrderId: order.id,
    requestedAt: isoFromSeconds(order.created_at) ?? new Date().toISOString(),
    ...(started.phone ? { phone: started.phone } : {}),
    ...(started.anonymous === undefined ? {} : { anonymous: started.anonymous }),
    // The message goes on the wall once, with the first month.
    ...(first && started.message ? { message: started.message } : {}),
    // Each month is a donation of its own: each gets its receipt.
    ...(started.receipt ? { receipt: started.receipt } : {}),
    monthly: { subscriptionId: started.subscriptionId, ...(nextChargeAt ? { nextChargeAt } : {}) },
  }
}

/**
 * Records one month of a monthly donation from its provider order, re-read from the provider:
 * paid → an approved donation (once), declined → a failed one with the bank's reason.
 */
export async function syncMonthOrder(deps: DonationDeps, command: DonationCommandContext, state: MonthlyState, order: ConektaOrder, nextChargeAt?: string): Promise<MonthSyncOutcome> {
  if (order.currency.toUpperCase() !== 'MXN') return 'ignored'
  const first = order.id === state.started.firstOrderId
  const requested = monthRequested(state, order, nextChargeAt, first)
  if (order.payment_status === 'paid') {
    if (Math.round(state.started.amount * 100) !== order.amount) {
      deps.context.logger.error({ subscriptionId: state.started.subscriptionId, orderId: order.id }, 'El monto del mes no coincide con la donación mensual')
      return 'ignored'
    }
    const customer = order.customer_info
    const details = { providerOrderId: order.id, conekta: { customer_info: { name: customer?.name ?? '', email: customer?.email ?? '', phone: customer?.phone ?? '' }, ...withMethod(order) } }
    const recorded = await recordPaidOrder(command, requested, { fee: feeOf(order), details })
    return recorded.length > 0 ? 'recorded' : 'unchanged'
  }
  const charge = firstCharge(order)
  if (order.payment_status === 'declined' || charge?.status === 'declined') {
    const message = charge?.failure_message || 'El banco rechazó el cargo del mes'
    return (await startDonation(command, requested, [failedEvent(requested, { message })])) ? 'failed' : 'unchanged'
  }
  return 'unchanged'
}

/** The subscription's state at the provider, applied: paused (retries exhausted) → suspended; canceled → cancelled. */
export async function syncMonthlyStatus(command: DonationCommandContext, state: MonthlyState, subscription: ConektaSubscription, reason?: string): Promise<boolean> {
  const at = new Date().toISOString()
  const subscriptionId = state.started.subscriptionId
  if (subscription.status === 'paused' && state.status === 'active') {
    const { events } = await handleMonthly(command, subscriptionId, { kind: 'suspend', reason: reason ?? 'El banco rechazó los cargos de tu tarjeta', at })
    return events.length > 0
  }
  if (subscription.status === 'canceled' && state.status !== 'cancelled') {
    const { events } = await handleMonthly(command, subscriptionId, { kind: 'cancel', by: 'provider', at })
    return events.length > 0
  }
  return false
}

export type MonthlyNoticeOutcome = MonthSyncOutcome | 'suspended' | 'cancelled'

/**
 * A month's provider order (from a webhook or the reconciliation's list), re-read from the provider:
 * recorded as that month's donation, then the subscription's state applied (suspended after the
 * last retry, cancelled). An order of a customer that is not a monthly donor of ours is ignored.
 */
export async function syncMonthlyOrder(deps: DonationDeps, command: DonationCommandContext, order: ConektaOrder): Promise<MonthlyNoticeOutcome> {
  const customerId = order.customer_info?.customer_id
  if (!customerId) return 'ignored'
  const recurring = await recurringFor(deps, command.correlationId, { evenIfDisabled: true })
  const state = await monthlyOfCustomer(deps, command, recurring, customerId, order.amount / 100)
  if (!state) return 'ignored'
  const subscription = await recurring.getSubscription(customerId)
  const outcome = await syncMonthOrder(deps, command, state, order, isoFromSeconds(subscription.billing_cycle_end))
  const changed = await syncMonthlyStatus(command, (await loadMonthly(deps.context.store, state.started.subscriptionId)) ?? state, subscription, firstCharge(order)?.failure_message ?? undefined)
  if (changed && outcome !== 'recorded') return subscription.status === 'paused' ? 'suspended' : 'cancelled'
  return outcome
}

const noticeObjectSchema = z.looseObject({ object: z.string().optional(), order_id: z.string().optional(), customer_id: z.string().optional() })

/**
 * A `subscription.*` webhook: a charge (paid or failed month) is followed to its order; a
 * subscription (paused, canceled) to the provider's current state of it. Nothing in the body is
 * trusted but the ids.
 */
export async function syncSubscriptionNotice(deps: DonationDeps, command: DonationCommandContext, object: unknown): Promise<MonthlyNoticeOutcome> {
  const parsed = noticeObjectSchema.safeParse(object)
  if (!parsed.success) return 'ignored'
  const notice = parsed.data
  if (notice.order_id) {
    const conekta = await conektaFor(deps, command.correlationId, { evenIfDisabled: true })
    return syncMonthlyOrder(deps, command, await conekta.getOrder(notice.order_id))
  }
  if (notice.object !== 'subscription' || !notice.customer_id) return 'ignored'
  const recurring = await recurringFor(deps, command.correlationId, { evenIfDisabled: true })
  const subscription = await recurring.getSubscription(notice.customer_id)
  const amount = subscription.plan_id ? await recurring.planAmount(subscription.plan_id) : undefined
  if (amount === undefined) return 'ignored'
  const state = await monthlyOfCustomer(deps, command, recurring, notice.customer_id, amount / 100)
  if (!state || !(await syncMonthlyStatus(command, state, subscription))) return state ? 'unchanged' : 'ignored'
  return subscription.status === 'paused' ? 'suspended' : 'cancelled'
}
