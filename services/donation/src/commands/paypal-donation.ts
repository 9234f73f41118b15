import { paypalDonationResponseSchema, type PaypalDonationRequest, type PaypalDonationResponse, type ReceiptRequest } from '@donaciones/contracts'
import { badGateway, notFound, paymentRequired, unprocessable } from '@donaciones/kit'
import { withCampaignRef, type DonationDeps } from '../deps.ts'
import { findDonationByOrder, findDonationRow, type DonationRow } from '../projections/donation-queries.ts'
import { PaypalError, type PaypalClient } from '../providers/paypal-client.ts'
import { captureOf, payerOf, paypalFeeOf, paypalValue, type PaypalOrder } from '../providers/paypal-types.ts'
import { keyOf, type AttemptMeta } from './card-donation.ts'
import { requireOpenCampaign } from './campaign-status.ts'
import { donationIdFor, requireSameRequest } from './donation-id.ts'
import { approveDonation, startDonation, type DonationCommandContext } from './donation-commands.ts'
import type { DonationState } from './donation-state.ts'
import { loadDonation } from './load-donation.ts'
import { paypalFor } from './provider-access.ts'
import { wallChoiceOf, type DonorWallChoice } from './donor-wall-choice.ts'
import { receiptOf, requireReceiptsOffered } from './receipt-request.ts'
import { checkAttempt, recordDecline } from './rate-limit.ts'
import { requireAmountWithinMaximum } from './amount-limit.ts'
import { watchedCall } from './provider-watch.ts'

const notApproved = () => unprocessable('Pago no aprobado', 'El pago no ha sido aprobado en PayPal')
const mismatch = () => unprocessable('Pago no válido', 'El pago de PayPal no corresponde a esta donación')

/** POST /donations/paypal/order: the server creates the PayPal order for our amount, with our donation id as custom_id. */
export async function createPaypalOrder(
  deps: DonationDeps,
  command: DonationCommandContext,
  input: { campaign: string; amount: number; receipt?: ReceiptRequest | undefined } & DonorWallChoice,
  meta: AttemptMeta,
): Promise<{ orderID: string }> {
  const { store } = deps.context
  const donationId = donationIdFor('paypal', meta.idempotencyKey)
  return deps.locks.run(donationId, async () => {
    const existing = await loadDonation(store, donationId)
    if (existing) requireSameRequest(existing.requested, meta)
    if (existing?.providerOrderId) return { orderID: existing.providerOrderId }
    await requireAmountWithinMaximum(deps, input.amount, command.correlationId)
    await requireReceiptsOffered(deps, input, command.correlationId)
    await checkAttempt(store.db, store.schema, deps.options.rateLimits, { address: meta.address })
    const campaign = await requireOpenCampaign(deps.campaigns, input.campaign, command.correlationId)
    const paypal = await paypalFor(deps, command.correlationId)
    let order: PaypalOrder
    try {
      const request = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: donationId,
            custom_id: donationId,
            description: `Donación: ${campaign.title}`.slice(0, 127),
            amount: { currency_code: 'MXN', value: paypalValue(input.amount) },
          },
        ],
      }
      order = await watchedCall(deps, 'paypal', () => paypal.createOrder(request, donationId))
    } catch (error) {
      deps.context.logger.error({ err: error, donationId }, 'PayPal no creó la orden')
      throw badGateway('No fue posible iniciar el pago', 'Intente de nuevo en unos minutos')
    }
    await startDonation(command, {
      donationId,
      campaignId: campaign.campaignId,
      amount: input.amount,
      currency: 'MXN',
      type: 'paypal',
      donor: { email: '', name: '' },
      userId: command.actor,
      providerOrderId: order.id,
      requestedAt: new Date().toISOString(),
      ...keyOf(meta),
      ...wallChoiceOf(input),
      ...receiptOf(input),
    })
    return { orderID: order.id }
  })
}

/** The PayPal order is ours (custom_id), for our amount, in pesos. */
function matches(order: PaypalOrder, state: DonationState): boolean {
  const unit = order.purchase_units?.[0]
  if (!unit?.amount || (order.purchase_units?.length ?? 0) !== 1) return false
  return unit.custom_id === state.id && unit.amount.currency_code === 'MXN' && unit.amount.value === paypalValue(state.amount)
}

function captured(order: PaypalOrder, state: DonationState): boolean {
  const capture = captureOf(order)
  return (
    order.status === 'COMPLETED' &&
    capture?.status === 'COMPLETED' &&
    capture.amount?.currency_code === 'MXN' &&
    capture.amount.value === paypalValue(state.amount) &&
    (capture.custom_id === undefined || capture.custom_id === state.id)
  )
}

/** Approves the donation from a captured order re-read from PayPal; false when the order does not prove payment. */
export async function approveFromPaypal(deps: DonationDeps, command: DonationCommandContext, state: DonationState, order: PaypalOrder): Promise<boolean> {
  if (!matches(order, state) || !captured(order, state)) return false
  const payer = payerOf(order)
  await approveDonation(command, state.id, {
    fee: paypalFeeOf(order),
    donor: payer,
    details: { providerOrderId: order.id, paypal: { data: { orderID: order.id }, details: order } },
  })
  return true
}

async function capture(paypal: PaypalClient, orderId: string, donationId: string): Promise<void> {
  try {
    await paypal.captureOrder(orderId, `capture-${donationId}`)
  } catch (error) {
    if (error instanceof PaypalError && error.is('ORDER_ALREADY_CAPTURED')) return
    throw error
  }
}

/** The order as PayPal has it now; 502 when PayPal cannot say (our credentials refused, no answer, a 5xx). */
async function readOrder(deps: DonationDeps, paypal: PaypalClient, orderId: string, donationId: string): Promise<PaypalOrder> {
  try {
    return await watchedCall(deps, 'paypal', () => paypal.getOrder(orderId))
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error
    deps.context.logger.error({ err: error, donationId }, 'PayPal no entregó la orden')
    throw badGateway('No fue posible completar el pago', 'Intente de nuevo en unos minutos')
  }
}

/** The donor-facing document of a captured donation (whoever re-sends the order id sees no more than this). */
async function donorAnswer(deps: DonationDeps, row: DonationRow): Promise<PaypalDonationResponse> {
  const title = (await withCampaignRef(deps, row)).campaign_title ?? ''
  return paypalDonationResponseSchema.parse({
    _id: row.id,
    amount: Number(row.amount),
    currency: 'MXN',
    campaign: { _id: row.campaign_id, title },
    approved: row.approved,
    status: row.status,
    name: row.donor_name,
  })
}

/**
 * POST /donations/paypal: captures the buyer-approved order on the server, re-reads it and records
 * the donation only when amount, currency and our reference agree.
 */
export async function capturePaypalDonation(deps: DonationDeps, command: DonationCommandContext, input: PaypalDonationRequest, meta: AttemptMeta): Promise<PaypalDonationResponse> {
  const { store } = deps.context
  const row = await findDonationByOrder(store.db, store.schema, 'paypal', input.orderID)
  if (!row) throw mismatch()
  if (row.campaign_id !== input.campaign) throw mismatch()
  return deps.locks.run(row.id, async () => {
    const state = await loadDonation(store, row.id)
    if (!state) throw notFound()
    if (state.status === 'pending') {
      // The maximum may have been lowered since the order was created: nothing is captured above it.
      await requireAmountWithinMaximum(deps, state.amount, command.correlationId)
      await checkAttempt(store.db, store.schema, deps.options.rateLimits, { address: meta.address })
      const paypal = await paypalFor(deps, command.correlationId, { evenIfDisabled: true })
      const before = await readOrder(deps, paypal, input.orderID, state.id)
      if (!matches(before, state)) throw mismatch()
      if (before.status !== 'COMPLETED') {
        if (before.status !== 'APPROVED') throw notApproved()
        try {
          await watchedCall(deps, 'paypal', () => capture(paypal, input.orderID, state.id))
        } catch (error) {
          if (error instanceof PaypalError && error.is('ORDER_NOT_APPROVED')) throw notApproved()
          if (error instanceof PaypalError && error.is('INSTRUMENT_DECLINED')) {
            await recordDecline(store.db, store.schema, deps.options.rateLimits, { address: meta.address })
            throw paymentRequired('Pago rechazado', 'PayPal rechazó el método de pago; intente con otro')
          }
          deps.context.logger.error({ err: error, donationId: state.id }, 'PayPal no capturó la orden')
          throw badGateway('No fue posible completar el pago', 'Intente de nuevo en unos minutos')
        }
      }
      const after = await readOrder(deps, paypal, input.orderID, state.id)
      if (!(await approveFromPaypal(deps, command, state, after))) {
        deps.context.logger.error({ donationId: state.id, orderId: input.orderID }, 'La orden capturada de PayPal no coincide con la donación')
        throw mismatch()
      }
    } else if (state.status !== 'approved') {
      throw notApproved()
    }
    const updated = await findDonationRow(store.db, store.schema, row.id)
    if (!updated) throw notFound()
    return donorAnswer(deps, updated)
  })
}
