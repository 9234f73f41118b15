import { DONOR_NAME_MAX, isPersonName } from '@donaciones/contracts'
import { callService } from '@donaciones/kit'
import type { DonationDeps } from '../deps.ts'
import { findCampaignRef } from '../projections/campaign-refs.ts'

function pesos(amount: number): string {
  return `$${amount.toFixed(2)} MXN`
}

async function send(deps: DonationDeps, to: string, subject: string, text: string): Promise<void> {
  const { status } = await callService(deps.context.directory, 'content', '/internal/mail', { body: { to, subject, text } })
  if (status !== 202) throw new Error(`El correo no se pudo enviar (${status})`)
}

/**
 * The donor's name as it may go into a mail to an address nobody verified: only a name that passes the
 * contracts' person-name rule (a provider's payer name, an old record); anything else is left out.
 */
export function nameForMail(name: string): string {
  const trimmed = name.trim()
  return trimmed.length <= 2 * DONOR_NAME_MAX + 1 && isPersonName(trimmed) ? trimmed : ''
}

/** Thank-you e-mail after an approved donation: the campaign's gratitude, or the site's default message. */
export async function sendThankYou(deps: DonationDeps, donation: { campaignId: string; amount: number; donor: { email: string; name: string } }): Promise<void> {
  if (!donation.donor.email) return
  const { context } = deps
  const [settings, campaign] = await Promise.all([deps.paymentSettings.get(), findCampaignRef(context.db, context.store.schema, donation.campaignId)])
  const message = campaign?.gratitude?.trim() || settings.gratitudeMessage || 'Gracias por tu donación'
  const lines = [
    `¡Gracias ${nameForMail(donation.donor.name)}!`.replace(' !', '!'),
    '',
    message,
    '',
    `Recibimos tu donación de ${pesos(donation.amount)}${campaign ? ` para la campaña «${campaign.title}»` : ''}.`,
    '',
    settings.siteName,
  ]
  await send(deps, donation.donor.email, `Gracias por tu donación${settings.siteName ? ` a ${settings.siteName}` : ''}`, lines.join('\n'))
}

/** OXXO instructions: the reference to pay at the store before it expires. */
export async function sendOxxoInstructions(
  deps: DonationDeps,
  voucher: { email: string; name: string; amount: number; reference: string; barcodeUrl: string; expiresAt: string; campaignTitle: string },
): Promise<void> {
  const expires = new Date(voucher.expiresAt).toLocaleString('es-MX', { timeZone: 'America/Mexico_City' })
  const lines = [
    nameForMail(voucher.name) ? `Hola ${nameForMail(voucher.name)}:` : 'Hola:',
    '',
    `Para completar tu donación de ${pesos(voucher.amount)} a la campaña «${voucher.campaignTitle}», paga en cualquier tienda OXXO con esta referencia:`,
    '',
    `Referencia: ${voucher.reference}`,
    `Código de barras: ${voucher.barcodeUrl}`,
    `Vence: ${expires}`,
    '',
    'OXXO cobra una comisión adicional al momento del pago. Tu donación se confirmará cuando recibamos el pago.',
  ]
  await send(deps, voucher.email, 'Instrucciones para tu donación en OXXO', lines.join('\n'))
}

/** Mail never blocks nor fails a donation: errors are logged. */
export function mailInBackground(deps: DonationDeps, task: () => Promise<void>): void {
  task().catch((error: unknown) => deps.context.logger.warn({ err: error }, 'No se pudo enviar el correo al donante'))
}
