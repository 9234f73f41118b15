import type { ConektaDonationRequest, MonthlyDonationResponse } from '@donaciones/contracts'
import { badGateway } from '@donaciones/kit'
import { withCampaignRef, type DonationDeps } from '../deps.ts'
import { findDonationRow, toDonationDoc } from '../projections/donation-queries.ts'
import { ConektaError } from '../providers/conekta-client.ts'
import type { ConektaCustomer, ConektaSubscription } from '../providers/conekta-types.ts'
import { requireAmountWithinMaximum } from './amount-limit.ts'
import { keyOf, type AttemptMeta } from './card-donation.ts'
import { requireOpenCampaign } from './campaign-status.ts'
import { toCents } from './conekta-order.ts'
import { donationIdFor, requireSameRequest } from './donation-id.ts'
import { failedEvent, startDonation, type DonationCommandContext, type RequestedData } from './donation-commands.ts'
import { wallChoiceOf, wallMetadata } from './donor-wall-choice.ts'
import { receiptMetadata, receiptOf, requireReceiptsOffered } from './receipt-request.ts'
import { handleMonthly } from './monthly-commands.ts'
import { loadMonthly, type MonthlyState } from './monthly-decider.ts'
import { cardOf, isoFromSeconds, monthDonationId, syncMonthOrder } from './monthly-sync.ts'
import { conektaFor, recurringFor } from './provider-access.ts'
import { checkAttempt, recordDecline } from './rate-limit.ts'
import { cardDeclined } from './card-decline.ts'
import { watchedCall } from './provider-watch.ts'

function providerDown(deps: DonationDeps, error: unknown, subscriptionId: string) {
  deps.context.logger.error({ err: error, subscriptionId }, 'Conekta no respondió a la donación mensual')
  return badGateway('No fue posible procesar el pago', 'Intente de nuevo en unos minutos')
}

/** The first month's donation row: recorded now from the provider's order when an earlier attempt could not. */
async function firstMonthRow(deps: DonationDeps, command: DonationCommandContext, state: MonthlyState) {
  const { store } = deps.context
  const { firstOrderId, subscriptionId, nextChargeAt } = state.started
  if (!firstOrderId) throw providerDown(deps, new Error('Sin la orden del primer mes'), subscriptionId)
  const recorded = await findDonationRow(store.db, store.schema, monthDonationId(firstOrderId))
  if (recorded) return recorded
  try {
    const conekta = await conektaFor(deps, command.correlationId, { evenIfDisabled: true })
    await syncMonthOrder(deps, command, state, await conekta.getOrder(firstOrderId), nextChargeAt)
  } catch (error) {
    throw providerDown(deps, error, subscriptionId)
  }
  const row = await findDonationRow(store.db, store.schema, monthDonationId(firstOrderId))
  if (!row) throw providerDown(deps, new Error('El primer mes no está pagado'), subscriptionId)
  return row
}

/** The answer: the first month's donation, as a card donation answers, and the subscription. */
async function answer(deps: DonationDeps, command: DonationCommandContext, state: MonthlyState): Promise<MonthlyDonationResponse> {
  const { started } = state
  const row = await withCampaignRef(deps, await firstMonthRow(deps, command, state))
  const customer = { name: started.donor.name, email: started.donor.email, phone: started.phone ?? '' }
  return {
    ...toDonationDoc(row),
    customer_info: customer,
    monthly: { _id: started.subscriptionId, status: state.status, amount: started.amount, nextChargeAt: started.nextChargeAt ?? null },
  }
}

/**
 * POST /donations/monthly: a card donation repeated each month. The card token becomes the payment
 * source of a new provider customer (carrying our ids as metadata), subscribed to the plan of this
 * amount; the provider charges the first month at once, and it is recorded as that month's
 * donation. Every provider call is keyed by our subscription id, so a retried request repeats none.
 */
export async function donateMonthly(deps: DonationDeps, command: DonationCommandContext, input: ConektaDonationRequest, meta: AttemptMeta): Promise<MonthlyDonationResponse> {
  const { store } = deps.context
  const subscriptionId = donationIdFor('conekta-monthly', meta.idempotencyKey)
  return deps.locks.run(subscriptionId, async () => {
    const existing = meta.idempotencyKey ? await loadMonthly(store, subscriptionId) : null
    if (existing) {
      requireSameRequest(existing.started, meta)
      return answer(deps, command, existing)
    }
    await requireAmountWithinMaximum(deps, input.amount, command.correlationId)
    await requireReceiptsOffered(deps, input, command.correlationId)
    const source = { address: meta.address, email: input.email, cardToken: input.token }
    await checkAttempt(store.db, store.schema, deps.options.rateLimits, source)
    const campaign = await requireOpenCampaign(deps.campaigns, input.campaign, command.correlationId)
    const recurring = await recurringFor(deps, command.correlationId)
    const wall = wallChoiceOf(input)
    const cents = toCents(input.amount)

    let started: { planId: string; customer: ConektaCustomer; subscription: ConektaSubscription }
    try {
      // One donation attempt, however many calls it takes: counted once should the provider fail.
      started = await watchedCall(deps, 'conekta', async () => {
        const planId = await recurring.ensurePlan(cents)
        const customer = await recurring.createCustomer(
          {
            name: input.name,
            email: input.email,
            phone: input.phone,
            payment_sources: [{ type: 'card', token_id: input.token }],
            metadata: { subscriptionId, campaignId: campaign.campaignId, ...(command.actor ? { userId: command.actor } : {}), ...wallMetadata(wall), ...receiptMetadata(receiptOf(input)) },
          },
          `${subscriptionId}:customer`,
        )
        const subscription = await recurring.createSubscription(customer.id, planId, `${subscriptionId}:subscription`)
        return { planId, customer, subscription }
      })
    } catch (error) {
      if (!(error instanceof ConektaError && error.isDecline)) throw providerDown(deps, error, subscriptionId)
      await recordDeclinedStart(command, { subscriptionId, campaignId: campaign.campaignId, input, meta, wall }, { message: error.message, code: error.code })
      await recordDecline(store.db, store.schema, deps.options.rateLimits, source)
      throw cardDeclined(error.code)
    }
    const { planId, customer, subscription } = started

    const nextChargeAt = isoFromSeconds(subscription.billing_cycle_end)
    const firstOrderId = subscription.last_billing_cycle_order_id ?? undefined
    const { state } = await handleMonthly(command, subscriptionId, {
      kind: 'start',
      started: {
        subscriptionId,
        campaignId: campaign.campaignId,
        amount: input.amount,
        currency: 'MXN',
        donor: { name: input.name, email: input.email },
        phone: input.phone,
        userId: command.actor,
        providerCustomerId: customer.id,
        providerSubscriptionId: subscription.id,
        planId,
        ...(firstOrderId ? { firstOrderId } : {}),
        card: cardOf(customer, subscription.card_id),
        startedAt: new Date().toISOString(),
        ...(nextChargeAt ? { nextChargeAt } : {}),
        ...keyOf(meta),
        ...wall,
        ...receiptOf(input),
      },
    })
    if (!state) throw new Error(`Donación mensual ${subscriptionId} sin registro`)
    // The subscription is recorded: should the month fail to be, a retry, the webhook or the reconciliation records it.
    return answer(deps, command, state)
  })
}

/** A declined first charge: the attempt is kept as a failed donation, as a declined one-off card is. */
async function recordDeclinedStart(
  command: DonationCommandContext,
  start: { subscriptionId: string; campaignId: string; input: ConektaDonationRequest; meta: AttemptMeta; wall: ReturnType<typeof wallChoiceOf> },
  error: { message: string; code?: string | undefined },
): Promise<void> {
  const { input } = start
  const requested: RequestedData = {
    donationId: monthDonationId(`declined-start:${start.subscriptionId}`),
    campaignId: start.campaignId,
    amount: input.amount,
    currency: 'MXN',
    type: 'conekta',
    donor: { email: input.email, name: input.name },
    userId: command.actor,
    providerOrderId: null,
    requestedAt: new Date().toISOString(),
    phone: input.phone,
    ...start.wall,
  }
  await startDonation(command, requested, [failedEvent(requested, error)])
}
