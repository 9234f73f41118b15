import { conektaOrderFor, toCents } from './conekta-order.ts'
import { wallChoiceOf } from './donor-wall-choice.ts'
import { receiptOf, requireReceiptsOffered } from './receipt-request.ts'
import type { ConektaDonationRequest, EventEnvelope } from '@donaciones/contracts'
import { badGateway } from '@donaciones/kit'
import { campaignRefOf, withCampaignRef, type DonationDeps } from '../deps.ts'
import { findDonationRow, toDonationDoc, type DonationDoc } from '../projections/donation-queries.ts'
import { newDonationRecord, recordAsRow } from '../projections/donation-record.ts'
import { ConektaError } from '../providers/conekta-client.ts'
import { feeOf, metadataString, paymentMethodOf, type ConektaOrder } from '../providers/conekta-types.ts'
import { requireOpenCampaign } from './campaign-status.ts'
import { donationIdFor, requireSameRequest } from './donation-id.ts'
import { failedEvent, recordPaidOrder, startDonation, type DonationCommandContext, type RequestedData } from './donation-commands.ts'
import { donationStream, type DonationState } from './donation-state.ts'
import { foldDonation, loadDonation } from './load-donation.ts'
import { conektaFor } from './provider-access.ts'
import { checkAttempt, recordDecline } from './rate-limit.ts'
import { requireAmountWithinMaximum } from './amount-limit.ts'
import { cardDeclined, UNCONFIRMED_PAYMENT_CODE } from './card-decline.ts'
import { watchedCall } from './provider-watch.ts'

export interface AttemptMeta {
  idempotencyKey: string | undefined
  /** Hash of the request body, when a key was sent: the key is bound to it. */
  requestHash: string | undefined
  address: string | undefined
}

export type CardDonationResult = DonationDoc & { customer_info: { name: string; email: string; phone: string } }

/** The order really is ours, for our amount, in pesos, and paid. */
function confirmsPayment(order: ConektaOrder, donationId: string, amount: number): boolean {
  return order.payment_status === 'paid' && order.amount === toCents(amount) && order.currency.toUpperCase() === 'MXN' && metadataString(order, 'donationId') === donationId
}

/** The answer to a donation recorded earlier: its row, or the decline it was (said again in the same words). */
async function result(deps: DonationDeps, donationId: string, customer: { name: string; email: string; phone: string }, recorded?: DonationState): Promise<CardDonationResult> {
  const { store } = deps.context
  const row = await findDonationRow(store.db, store.schema, donationId)
  if (!row) throw new Error(`Donación ${donationId} sin registro`)
  if (row.type === 'failed') throw cardDeclined(recorded?.errorCode)
  return { ...toDonationDoc(await withCampaignRef(deps, row)), customer_info: row.conekta?.customer_info ?? customer }
}

/** The key and body hash recorded with a keyed donation. */
export function keyOf(meta: AttemptMeta): { idempotencyKey?: string; requestHash?: string } {
  return meta.idempotencyKey ? { idempotencyKey: meta.idempotencyKey, ...(meta.requestHash ? { requestHash: meta.requestHash } : {}) } : {}
}

/**
 * The answer to a donation this request has just recorded whole: the row its events make, read
 * from them instead of from the table (donation-record.ts), with the campaign's title and thumbnail.
 */
async function resultOfRecorded(deps: DonationDeps, events: readonly EventEnvelope[], customer: { name: string; email: string; phone: string }): Promise<CardDonationResult | undefined> {
  const created = newDonationRecord(events)
  if (!created || created.folded !== events.length) return undefined
  const row = recordAsRow(created.record, await campaignRefOf(deps, created.record.campaignId))
  return { ...toDonationDoc(row), customer_info: row.conekta?.customer_info ?? customer }
}

/** What another request recorded under this key, answered only when it was the same request. */
async function replay(deps: DonationDeps, donationId: string, customer: { name: string; email: string; phone: string }, meta: AttemptMeta): Promise<CardDonationResult> {
  const recorded = await loadDonation(deps.context.store, donationId)
  if (recorded) requireSameRequest(recorded.requested, meta)
  return result(deps, donationId, customer, recorded)
}

/**
 * POST /donations/conekta: charges the card token through Conekta (the donation id is the
 * provider's Idempotency-Key) and records the donation approved with the provider's fee, or failed.
 */
export async function donateByCard(deps: DonationDeps, command: DonationCommandContext, input: ConektaDonationRequest, meta: AttemptMeta): Promise<CardDonationResult> {
  const { store } = deps.context
  const donationId = donationIdFor('conekta', meta.idempotencyKey)
  const customer = { name: input.name, email: input.email, phone: input.phone }
  return deps.locks.run(donationId, async () => {
    // Without a key the id is new: there is nothing to read.
    const history = meta.idempotencyKey ? await store.readStream(donationStream(donationId)) : []
    const existing = foldDonation(history)
    if (existing) requireSameRequest(existing.requested, meta)
    if (existing && existing.status !== 'pending') return result(deps, donationId, customer, existing)
    await requireAmountWithinMaximum(deps, input.amount, command.correlationId)
    await requireReceiptsOffered(deps, input, command.correlationId)

    const source = { address: meta.address, email: input.email, cardToken: input.token }
    await checkAttempt(store.db, store.schema, deps.options.rateLimits, source)
    const campaign = await requireOpenCampaign(deps.campaigns, input.campaign, command.correlationId)
    const conekta = await conektaFor(deps, command.correlationId)
    const requested: RequestedData = {
      donationId,
      campaignId: campaign.campaignId,
      amount: input.amount,
      currency: 'MXN',
      type: 'conekta',
      donor: { email: input.email, name: input.name },
      userId: command.actor,
      providerOrderId: null,
      requestedAt: new Date().toISOString(),
      phone: input.phone,
      ...keyOf(meta),
      ...wallChoiceOf(input),
      ...receiptOf(input),
    }

    let order: ConektaOrder
    try {
      order = await watchedCall(deps, 'conekta', () =>
        conekta.createOrder(
          conektaOrderFor({ donationId, campaign, amount: input.amount, actor: command.actor, channel: 'conekta', customer, paymentMethod: { type: 'card', token_id: input.token }, wall: wallChoiceOf(input), ...receiptOf(input) }),
          donationId,
        ),
      )
    } catch (error) {
      if (error instanceof ConektaError && error.isDecline) {
        const recorded = await startDonation(command, requested, [failedEvent(requested, { message: error.message, code: error.code })], history)
        // Another replica recorded this donation first: answer what it recorded (to the same request only).
        if (!recorded) return replay(deps, donationId, customer, meta)
        await recordDecline(store.db, store.schema, deps.options.rateLimits, source)
        throw cardDeclined(error.code)
      }
      deps.context.logger.error({ err: error, donationId }, 'Conekta no respondió al cobro con tarjeta')
      throw badGateway('No fue posible procesar el pago', 'Intente de nuevo en unos minutos')
    }

    if (!confirmsPayment(order, donationId, input.amount)) {
      const message = 'El pago no fue confirmado por el proveedor'
      await startDonation(command, { ...requested, providerOrderId: order.id }, [failedEvent(requested, { message, code: UNCONFIRMED_PAYMENT_CODE })], history)
      throw cardDeclined(UNCONFIRMED_PAYMENT_CODE)
    }
    const recorded = await recordPaidOrder(
      command,
      { ...requested, providerOrderId: order.id },
      { fee: feeOf(order), details: { providerOrderId: order.id, conekta: { customer_info: customer, ...withMethod(order) } } },
      history,
    )
    if (recorded.length === 0) return replay(deps, donationId, customer, meta)
    return (await resultOfRecorded(deps, recorded, customer)) ?? result(deps, donationId, customer)
  })
}

export function withMethod(order: ConektaOrder): { payment_method?: Record<string, unknown> } {
  const method = paymentMethodOf(order)
  return method ? { payment_method: method } : {}
}
