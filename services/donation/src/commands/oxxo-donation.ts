import { cashVoucherIssued, type OxxoRequest, type OxxoResponse } from '@donaciones/contracts'
import { badGateway, HttpError, newEvent, unprocessable } from '@donaciones/kit'
import type { DonationDeps } from '../deps.ts'
import { findDonationRow } from '../projections/donation-queries.ts'
import { ConektaError } from '../providers/conekta-client.ts'
import { firstCharge, type ConektaOrder } from '../providers/conekta-types.ts'
import { requireOpenCampaign } from './campaign-status.ts'
import { keyOf, withMethod, type AttemptMeta } from './card-donation.ts'
import { conektaOrderFor, toCents } from './conekta-order.ts'
import { wallChoiceOf } from './donor-wall-choice.ts'
import { receiptOf, requireReceiptsOffered } from './receipt-request.ts'
import { donationIdFor, requireSameRequest } from './donation-id.ts'
import { loadDonation } from './load-donation.ts'
import { detailsEvent, startDonation, type DonationCommandContext, type RequestedData } from './donation-commands.ts'
import { conektaFor } from './provider-access.ts'
import { checkAttempt, recordDecline } from './rate-limit.ts'
import { requireAmountWithinMaximum } from './amount-limit.ts'
import { watchedCall } from './provider-watch.ts'

function invalid(message: string): HttpError {
  return unprocessable('Información inválida', message)
}

async function voucherOf(deps: DonationDeps, donationId: string): Promise<OxxoResponse | undefined> {
  const row = await findDonationRow(deps.context.store.db, deps.context.store.schema, donationId)
  const method = row?.conekta?.payment_method
  if (!row || !method?.reference || !method.barcode_url) return undefined
  return {
    _id: row.id,
    charges: {
      data: [
        {
          payment_method: {
            reference: method.reference,
            barcode_url: method.barcode_url,
            ...(method.expires_at === undefined ? {} : { expires_at: method.expires_at }),
            ...(typeof method.service_name === 'string' ? { service_name: method.service_name } : {}),
          },
        },
      ],
    },
  }
}

/**
 * POST /donations/oxxopay/request: a Conekta order with a cash (OXXO) charge. The donation stays
 * pending until a verified `order.paid` webhook (or the reconciliation) confirms the payment.
 */
export async function requestOxxoVoucher(deps: DonationDeps, command: DonationCommandContext, input: OxxoRequest, meta: AttemptMeta): Promise<OxxoResponse> {
  const { store } = deps.context
  const donationId = donationIdFor('oxxo', meta.idempotencyKey)
  return deps.locks.run(donationId, async () => {
    const recorded = await loadDonation(store, donationId)
    if (recorded) requireSameRequest(recorded.requested, meta)
    const existing = await voucherOf(deps, donationId)
    if (existing) return existing
    await requireAmountWithinMaximum(deps, input.amount, command.correlationId)
    await requireReceiptsOffered(deps, input, command.correlationId)

    const source = { address: meta.address, email: input.email }
    await checkAttempt(store.db, store.schema, deps.options.rateLimits, source)
    const campaign = await requireOpenCampaign(deps.campaigns, input.campaign, command.correlationId)
    const conekta = await conektaFor(deps, command.correlationId)
    const name = `${input.name} ${input.lastName}`.trim()
    const customer = { name, email: input.email, phone: input.phone }
    const expiresAt = Math.floor(Date.now() / 1000) + deps.options.oxxoValidityHours * 3600

    let order: ConektaOrder
    try {
      order = await watchedCall(deps, 'conekta', () =>
        conekta.createOrder(
          conektaOrderFor({ donationId, campaign, amount: input.amount, actor: command.actor, channel: 'oxxo', customer, paymentMethod: { type: 'cash', expires_at: expiresAt }, wall: wallChoiceOf(input), ...receiptOf(input) }),
          donationId,
        ),
      )
    } catch (error) {
      if (error instanceof ConektaError && error.isDecline) {
        await recordDecline(store.db, store.schema, deps.options.rateLimits, source)
        throw invalid(error.message)
      }
      deps.context.logger.error({ err: error, donationId }, 'Conekta no respondió a la solicitud de OXXO')
      throw badGateway('No fue posible generar la referencia', 'Intente de nuevo en unos minutos')
    }

    const method = firstCharge(order)?.payment_method
    if (!method?.reference || !method.barcode_url || order.amount !== toCents(input.amount)) {
      throw badGateway('No fue posible generar la referencia', 'El proveedor de pagos no entregó una referencia válida')
    }
    const voucherExpiry = new Date((method.expires_at ?? expiresAt) * 1000).toISOString()
    const requested: RequestedData = {
      donationId,
      campaignId: campaign.campaignId,
      amount: input.amount,
      currency: 'MXN',
      type: 'oxxo',
      donor: { email: input.email, name },
      userId: command.actor,
      providerOrderId: order.id,
      requestedAt: new Date().toISOString(),
      phone: input.phone,
      ...keyOf(meta),
      ...wallChoiceOf(input),
      ...receiptOf(input),
    }
    const created = await startDonation(command, requested, [
      newEvent(cashVoucherIssued, {
        donationId,
        campaignId: campaign.campaignId,
        providerOrderId: order.id,
        reference: method.reference,
        barcodeUrl: method.barcode_url,
        expiresAt: voucherExpiry,
      }),
      detailsEvent(donationId, { providerOrderId: order.id, conekta: { customer_info: customer, ...withMethod(order) } }),
    ])
    if (!created) {
      const first = await loadDonation(store, donationId)
      if (first) requireSameRequest(first.requested, meta)
    }
    const response = await voucherOf(deps, donationId)
    if (!response) throw new Error(`Donación ${donationId} sin referencia`)
    return response
  })
}
