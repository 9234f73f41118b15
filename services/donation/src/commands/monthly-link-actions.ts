import type { MonthlyLinkResponse } from '@donaciones/contracts'
import { badGateway, conflict, forbidden, notFound, paymentRequired } from '@donaciones/kit'
import { campaignRefOf, type DonationDeps } from '../deps.ts'
import { ConektaError } from '../providers/conekta-client.ts'
import { firstCharge } from '../providers/conekta-types.ts'
import type { DonationCommandContext } from './donation-commands.ts'
import { handleMonthly } from './monthly-commands.ts'
import { loadMonthly, type MonthlyState } from './monthly-decider.ts'
import { readMonthlyLink, type MonthlyLink } from './monthly-links.ts'
import { cardOf, isoFromSeconds, syncMonthOrder } from './monthly-sync.ts'
import { conektaFor, recurringFor } from './provider-access.ts'
import { checkAttempt, recordDecline } from './rate-limit.ts'
import { DECLINED_TITLE, declineSentence } from './card-decline.ts'
import { watchedCall } from './provider-watch.ts'

type LinkAction = MonthlyLink['a']

function invalidLink() {
  return notFound('Enlace no válido', 'El enlace no es válido; use el enlace completo de su correo')
}

/** A genuine link used for what it was not made for: a card link does not cancel, a cancel link does not change the card. */
function wrongAction(action: LinkAction) {
  return action === 'cancel'
    ? forbidden('Enlace no válido para cancelar', 'Este enlace sirve para registrar otra tarjeta; para cancelar, use el enlace de cancelación de su correo')
    : forbidden('Enlace no válido para cambiar la tarjeta', 'Este enlace sirve para cancelar; para registrar otra tarjeta, use el enlace del correo que le avisó de la pausa')
}

function usedLink() {
  return conflict('Enlace ya usado', 'Este enlace ya se usó; si necesita cambiar otra vez la tarjeta, espere el siguiente correo')
}

function staleLink() {
  return conflict('Enlace de un aviso anterior', 'Este enlace es de un aviso anterior; use el enlace del correo más reciente')
}

/** The link's subscription as recorded, or 404 for a token we did not sign; 403 when it was signed for another action. */
async function linked(deps: DonationDeps, token: string, action?: LinkAction): Promise<{ link: MonthlyLink; state: MonthlyState }> {
  const { store } = deps.context
  const link = await readMonthlyLink(store.db, store.schema, token)
  const state = link ? await loadMonthly(store, link.s) : null
  if (!link || !state) throw invalidLink()
  if (action && link.a !== action) throw wrongAction(action)
  return { link, state }
}

async function summary(deps: DonationDeps, link: MonthlyLink, state: MonthlyState): Promise<MonthlyLinkResponse> {
  const { started } = state
  const campaign = await campaignRefOf(deps, started.campaignId)
  return {
    _id: started.subscriptionId,
    action: link.a,
    usable: link.a === 'cancel' ? state.status !== 'cancelled' : state.status === 'suspended' && state.suspendedAt === link.v,
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

/** POST /donations/monthly/cancel (a cancel link only): the provider's subscription is cancelled, then ours; again, nothing more happens. */
export async function cancelByLink(deps: DonationDeps, command: DonationCommandContext, token: string): Promise<MonthlyLinkResponse> {
  const { link, state: read } = await linked(deps, token, 'cancel')
  return deps.locks.run(read.started.subscriptionId, async () => {
    const state = (await loadMonthly(deps.context.store, link.s)) ?? read
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
  })
}

/** A card refused on a card link: the donor's one sentence, and that nothing was lost. */
function cardDeclined(code: string | null | undefined) {
  return paymentRequired(DECLINED_TITLE, `${declineSentence(code, 'card')} Su donación mensual sigue pausada y este enlace sigue sirviendo.`)
}

/**
 * POST /donations/monthly/card (a card link only): a suspended monthly donation gets the donor's
 * new card and the provider charges the month again with it. The link answers the suspension it
 * was mailed for, and stays good until a card is accepted: a declined card (402) leaves the
 * donation suspended. Declines count against the card-testing limits, as a one-off card's do.
 */
export async function replaceCardByLink(deps: DonationDeps, command: DonationCommandContext, token: string, cardToken: string, address: string | undefined): Promise<MonthlyLinkResponse> {
  const { link, state: read } = await linked(deps, token, 'card')
  const subscriptionId = read.started.subscriptionId
  return deps.locks.run(subscriptionId, async () => {
    const { store } = deps.context
    const state = (await loadMonthly(store, subscriptionId)) ?? read
    if (state.status === 'cancelled') throw conflict('Donación cancelada', 'Esta donación mensual ya fue cancelada')
    if (state.status === 'suspended' && state.suspendedAt !== link.v) throw staleLink()
    if (state.status !== 'suspended') throw usedLink()
    const source = { address, email: state.started.donor.email, cardToken }
    await checkAttempt(store.db, store.schema, deps.options.rateLimits, source)
    const customerId = state.started.providerCustomerId
    const recurring = await recurringFor(deps, command.correlationId)
    const conekta = await conektaFor(deps, command.correlationId)
    let subscription
    try {
      // Each card is a payment source of its own: the key names the token, so a retry after a decline adds the new card.
      subscription = await watchedCall(deps, 'conekta', async () => {
        await recurring.replaceCard(customerId, cardToken, `${subscriptionId}:card:${link.v}:${cardToken}`)
        return recurring.resumeSubscription(customerId)
      })
    } catch (error) {
      if (error instanceof ConektaError && error.isDecline) {
        await recordDecline(store.db, store.schema, deps.options.rateLimits, source)
        throw cardDeclined(error.code)
      }
      deps.context.logger.error({ err: error, subscriptionId }, 'Conekta no registró la nueva tarjeta')
      throw badGateway('No fue posible registrar la tarjeta', 'Intente de nuevo en unos minutos')
    }
    const order = subscription.last_billing_cycle_order_id ? await conekta.getOrder(subscription.last_billing_cycle_order_id) : undefined
    const nextChargeAt = isoFromSeconds(subscription.billing_cycle_end)
    if (subscription.status !== 'active') {
      // The provider charged the month with the new card and the bank said no: the month is a failed donation, the suspension stays.
      if (order) await syncMonthOrder(deps, command, state, order, nextChargeAt)
      await recordDecline(store.db, store.schema, deps.options.rateLimits, source)
      throw cardDeclined(order ? firstCharge(order)?.failure_code : undefined)
    }
    const card = cardOf(await recurring.getCustomer(customerId), subscription.card_id)
    const { state: after } = await handleMonthly({ ...command, actor: null }, subscriptionId, { kind: 'card', card, at: new Date().toISOString() })
    if (after && order) await syncMonthOrder(deps, command, after, order, nextChargeAt)
    return summary(deps, link, after ?? state)
  })
}
