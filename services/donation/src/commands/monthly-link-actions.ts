import type { MonthlyLinkResponse } from '@donaciones/contracts'
import { badGateway, conflict, notFound } from '@donaciones/kit'
import { campaignRefOf, type DonationDeps } from '../deps.ts'
import { ConektaError } from '../providers/conekta-client.ts'
import type { DonationCommandContext } from './donation-commands.ts'
import { handleMonthly } from './monthly-commands.ts'
import { loadMonthly, type MonthlyState } from './monthly-decider.ts'
import { readMonthlyLink, type MonthlyLink } from './monthly-links.ts'
import { cardOf, isoFromSeconds, syncMonthOrder } from './monthly-sync.ts'
import { conektaFor, recurringFor } from './provider-access.ts'
import { cardDeclined } from './card-decline.ts'
import { watchedCall } from './provider-watch.ts'

function invalidLink() {
  return notFound('Enlace no válido', 'El enlace no es válido; use el enlace completo de su correo')
}

function usedLink() {
  return conflict('Enlace ya usado', 'Este enlace ya se usó; si necesita cambiar otra vez la tarjeta, espere el siguiente correo')
}

/** The link's subscription as recorded, or 404 for a token we did not sign. */
async function linked(deps: DonationDeps, token: string): Promise<{ link: MonthlyLink; state: MonthlyState }> {
  const { store } = deps.context
  const link = await readMonthlyLink(store.db, store.schema, token)
  const state = link ? await loadMonthly(store, link.s) : null
  if (!link || !state) throw invalidLink()
  return { link, state }
}

async function summary(deps: DonationDeps, link: MonthlyLink, state: MonthlyState): Promise<MonthlyLinkResponse> {
  const { started } = state
  const campaign = await campaignRefOf(deps, started.campaignId)
  return {
    _id: started.subscriptionId,
    action: link.a,
    status: state.status,
    amount: started.amount,
    nextChargeAt: state.status === 'cancelled' ? null : (started.nextChargeAt ?? null),
    campaign: { title: campaign?.title ?? '' },
    card: state.card,
  }
}

/** GET /donations/monthly/link: what the donor's link is about, without changing anything (mail scanners open links). */
export async function monthlyLinkInfo(deps: DonationDeps, token: string): Promise<MonthlyLinkResponse> {
  const { link, state } = await linked(deps, token)
  return summary(deps, link, state)
}

/** POST /donations/monthly/cancel: the provider's subscription is cancelled, then ours; again, nothing more happens. */
export async function cancelByLink(deps: DonationDeps, command: DonationCommandContext, token: string): Promise<MonthlyLinkResponse> {
  const { link, state } = await linked(deps, token)
  if (state.status === 'cancelled') return summary(deps, link, state)
  const recurring = await recurringFor(deps, command.correlationId, { evenIfDisabled: true })
  try {
    await recurring.cancelSubscription(state.started.providerCustomerId)
  } catch (error) {
    deps.context.logger.error({ err: error, subscriptionId: state.started.subscriptionId }, 'Conekta no canceló la donación mensual')
    throw badGateway('No fue posible cancelar', 'Intente de nuevo en unos minutos')
  }
  const { state: after } = await handleMonthly({ ...command, actor: null }, state.started.subscriptionId, { kind: 'cancel', by: 'donor', at: new Date().toISOString() })
  return summary(deps, link, after ?? state)
}

/**
 * POST /donations/monthly/card: a suspended monthly donation gets the donor's new card; the
 * provider charges the month again with it. The link answers its suspension only, so it works once.
 */
export async function replaceCardByLink(deps: DonationDeps, command: DonationCommandContext, token: string, cardToken: string): Promise<MonthlyLinkResponse> {
  const { link, state } = await linked(deps, token)
  if (link.a !== 'card') throw invalidLink()
  if (state.status === 'cancelled') throw conflict('Donación cancelada', 'Esta donación mensual ya fue cancelada')
  if (state.status !== 'suspended' || state.suspendedAt !== link.v) throw usedLink()
  const subscriptionId = state.started.subscriptionId
  const customerId = state.started.providerCustomerId
  const recurring = await recurringFor(deps, command.correlationId)
  const conekta = await conektaFor(deps, command.correlationId)
  let subscription
  try {
    subscription = await watchedCall(deps, 'conekta', async () => {
      await recurring.replaceCard(customerId, cardToken, `${subscriptionId}:card:${link.v}`)
      return recurring.resumeSubscription(customerId)
    })
  } catch (error) {
    if (error instanceof ConektaError && error.isDecline) throw cardDeclined(error.code, 'card')
    deps.context.logger.error({ err: error, subscriptionId }, 'Conekta no registró la nueva tarjeta')
    throw badGateway('No fue posible registrar la tarjeta', 'Intente de nuevo en unos minutos')
  }
  const card = cardOf(await recurring.getCustomer(customerId), subscription.card_id)
  const { state: after } = await handleMonthly({ ...command, actor: null }, subscriptionId, { kind: 'card', card, at: new Date().toISOString() })
  if (after && subscription.last_billing_cycle_order_id) {
    await syncMonthOrder(deps, command, after, await conekta.getOrder(subscription.last_billing_cycle_order_id), isoFromSeconds(subscription.billing_cycle_end))
  }
  return summary(deps, link, after ?? state)
}
