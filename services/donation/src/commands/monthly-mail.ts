import { z } from 'zod'
import { formatPesos, monthlyDonationCancelled, monthlyDonationSuspended, type EventEnvelope, type MailContent } from '@donaciones/contracts'
import type { DonationDeps } from '../deps.ts'
import type { MonthlyState } from './monthly-decider.ts'
import { monthlyLinkUrl, signMonthlyLink } from './monthly-links.ts'

export const MONTHLY_SUSPENDED = 'monthly-suspended'
export const MONTHLY_CANCELLED = 'monthly-cancelled'

const monthlyMailSchema = z.object({
  subscriptionId: z.string(),
  campaignId: z.string(),
  amount: z.number(),
  donor: z.object({ email: z.string(), name: z.string() }),
  reason: z.string().optional(),
  /** The suspension's version: the card link answers that suspension only. */
  version: z.number().int().optional(),
})
type MonthlyMail = z.infer<typeof monthlyMailSchema>

/** The mails a monthly donation's appended events call for: its suspension (with the card link) and its end. */
export function monthlyMailsFor(state: MonthlyState | null, events: readonly EventEnvelope[]): Array<{ kind: string; payload: MonthlyMail }> {
  if (!state?.started.donor.email) return []
  const { subscriptionId, campaignId, amount, donor } = state.started
  const base = { subscriptionId, campaignId, amount, donor }
  return events.flatMap((event) => {
    if (event.service !== 'donation') return []
    if (event.type === monthlyDonationSuspended.type) return [{ kind: MONTHLY_SUSPENDED, payload: { ...base, reason: monthlyDonationSuspended.schema.parse(event.data).reason, version: event.version } }]
    if (event.type === monthlyDonationCancelled.type) return [{ kind: MONTHLY_CANCELLED, payload: base }]
    return []
  })
}

type LinkSources = Pick<DonationDeps, 'context' | 'options'>

/** The line every monthly e-mail carries: how to cancel, in one click, with no account. */
export async function cancelLinkLine(sources: LinkSources, subscriptionId: string): Promise<string> {
  const { db, store } = sources.context
  const token = await signMonthlyLink(db, store.schema, { s: subscriptionId, a: 'cancel' })
  return `Si quieres cancelarla, entra a este enlace: ${monthlyLinkUrl(sources.options.publicUrl, token)}`
}

/** What a month's thank-you adds: that the donation repeats, and how to cancel it. */
export async function monthlyThankYouLines(sources: LinkSources, subscriptionId: string): Promise<string[]> {
  return ['Tu donación se repetirá cada mes con la misma tarjeta.', await cancelLinkLine(sources, subscriptionId)]
}

/** The text of a queued monthly mail, or undefined when the kind is not one of these. */
export async function monthlyMailContent(sources: LinkSources, kind: string, payload: unknown, greeting: (name: string) => string): Promise<MailContent | undefined> {
  if (kind !== MONTHLY_SUSPENDED && kind !== MONTHLY_CANCELLED) return undefined
  const mail = monthlyMailSchema.parse(payload)
  if (kind === MONTHLY_CANCELLED) {
    return {
      to: mail.donor.email,
      subject: 'Cancelamos tu donación mensual',
      text: [greeting(mail.donor.name), '', `Cancelamos tu donación mensual de ${formatPesos(mail.amount)}. No haremos más cargos a tu tarjeta.`, '', 'Gracias por todo lo que donaste.'].join('\n'),
    }
  }
  const { db, store } = sources.context
  const token = await signMonthlyLink(db, store.schema, { s: mail.subscriptionId, a: 'card', ...(mail.version ? { v: mail.version } : {}) })
  return {
    to: mail.donor.email,
    subject: 'Actualiza la tarjeta de tu donación mensual',
    text: [
      greeting(mail.donor.name),
      '',
      `No pudimos cobrar tu donación mensual de ${formatPesos(mail.amount)}${mail.reason ? `: ${mail.reason}` : '.'}`,
      'La pausamos hasta que registres otra tarjeta.',
      '',
      `Para registrar otra tarjeta, entra a este enlace: ${monthlyLinkUrl(sources.options.publicUrl, token)}`,
      '',
      await cancelLinkLine(sources, mail.subscriptionId),
    ].join('\n'),
  }
}
