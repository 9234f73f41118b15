import { z } from 'zod'
import {
  cashVoucherIssued,
  donationApproved,
  donationRequested,
  DONOR_NAME_MAX,
  formatDateTime,
  formatFolio,
  formatPesos,
  isPersonName,
  paymentChannelSchema,
  type EventEnvelope,
  type MailAttachment,
  type MailContent,
} from '@donaciones/contracts'
import { handToMailService, type OutboxMail } from '@donaciones/kit'
import { campaignRefOf, type DonationDeps } from '../deps.ts'
import { monthlyMailContent, monthlyThankYouLines } from './monthly-mail.ts'
import { acknowledgementPdf } from '../receipts/acknowledgement-pdf.ts'
import { RECEIPT_ISSUED_MAIL, receiptIssuedMail } from '../receipts/receipt-mail.ts'
import type { PaymentSettings } from '../providers/payment-settings.ts'

/**
 * Mails to donors are queued in the transaction that appends the event they answer (see
 * donation-commands.ts): a thank-you with an approval, the store instructions with an OXXO
 * voucher. The row keeps the facts; the text is written when it is delivered, with the site's
 * settings of that moment.
 */
const thankYouSchema = z.object({
  donationId: z.string(),
  campaignId: z.string(),
  amount: z.number(),
  donor: z.object({ email: z.string(), name: z.string() }),
  /** A month of a monthly donation: the mail says how to cancel it. */
  monthly: z.object({ subscriptionId: z.string() }).optional(),
  // The acknowledgement's facts; rows queued before it existed have none and go without it.
  folio: z.number().int().optional(),
  type: paymentChannelSchema.optional(),
  approvedAt: z.string().optional(),
})
const instructionsSchema = z.object({
  donationId: z.string(),
  campaignId: z.string(),
  amount: z.number(),
  donor: z.object({ email: z.string(), name: z.string() }),
  reference: z.string(),
  barcodeUrl: z.string(),
  expiresAt: z.string(),
})

const THANK_YOU = 'donation-thank-you'
const OXXO_INSTRUCTIONS = 'oxxo-instructions'

function eventOf<T>(events: readonly EventEnvelope[], definition: { service: string; type: string; schema: z.ZodType<T> }): EventEnvelope<T> | undefined {
  const event = events.find((candidate) => candidate.service === definition.service && candidate.type === definition.type)
  return event ? { ...event, data: definition.schema.parse(event.data) } : undefined
}

function dataOf<T>(events: readonly EventEnvelope[], definition: { service: string; type: string; schema: z.ZodType<T> }): T | undefined {
  return eventOf(events, definition)?.data
}

/** The donor mails these appended events call for (none without a donor e-mail). */
export function donorMailsFor(events: readonly EventEnvelope[]): Array<{ kind: string; payload: unknown }> {
  const mails: Array<{ kind: string; payload: unknown }> = []
  const approval = eventOf(events, donationApproved)
  if (approval?.data.donor.email) {
    // The appended envelopes carry their positions: the approval's is the donation's folio (decision 88).
    mails.push({ kind: THANK_YOU, payload: thankYouSchema.parse({ ...approval.data, folio: approval.position }) })
  }
  const voucher = dataOf(events, cashVoucherIssued)
  const requested = dataOf(events, donationRequested)
  if (voucher && requested?.donor.email) {
    const { reference, barcodeUrl, expiresAt } = voucher
    mails.push({ kind: OXXO_INSTRUCTIONS, payload: { donationId: voucher.donationId, campaignId: voucher.campaignId, amount: requested.amount, donor: requested.donor, reference, barcodeUrl, expiresAt } })
  }
  return mails
}

/**
 * The donor's name as it may go into a mail to an address nobody verified: only a name that passes the
 * contracts' person-name rule (a provider's payer name, an old record); anything else is left out.
 */
export function nameForMail(name: string): string {
  const trimmed = name.trim()
  return trimmed.length <= 2 * DONOR_NAME_MAX + 1 && isPersonName(trimmed) ? trimmed : ''
}

type MailSources = Pick<DonationDeps, 'context' | 'paymentSettings' | 'campaigns' | 'campaignRefs' | 'options'>

type ThankYou = z.infer<typeof thankYouSchema>

/** The 'Comprobante de donativo' PDF of an approved donation, written with the site's settings of the moment it is sent. */
async function acknowledgementFile(donation: ThankYou, settings: PaymentSettings, campaignTitle: string | undefined): Promise<MailAttachment | undefined> {
  const { folio, type, approvedAt } = donation
  if (folio === undefined || type === undefined || approvedAt === undefined) return undefined
  const pdf = acknowledgementPdf({
    charity: settings.siteName,
    donataria: settings.donataria,
    folio,
    approvedAt,
    amount: donation.amount,
    method: type,
    campaign: campaignTitle,
  })
  return { filename: `comprobante-${formatFolio(folio)}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }
}

/** Thank-you e-mail after an approved donation: the campaign's gratitude, or the site's default message, and the acknowledgement attached. */
async function thankYouMail(sources: MailSources, donation: ThankYou): Promise<MailContent> {
  const [settings, campaign] = await Promise.all([sources.paymentSettings.get(), campaignRefOf(sources, donation.campaignId)])
  const message = campaign?.gratitude?.trim() || settings.gratitudeMessage || 'Gracias por tu donación'
  const attachment = await acknowledgementFile(donation, settings, campaign?.title)
  const lines = [
    `¡Gracias ${nameForMail(donation.donor.name)}!`.replace(' !', '!'),
    '',
    message,
    '',
    `Recibimos tu donación de ${formatPesos(donation.amount)}${campaign ? ` para la campaña «${campaign.title}»` : ''}.`,
    ...(attachment && donation.folio !== undefined ? ['', `Adjuntamos el comprobante de tu donativo con el folio ${formatFolio(donation.folio)}.`] : []),
    '',
    ...(donation.monthly ? [...(await monthlyThankYouLines(sources, donation.monthly.subscriptionId)), ''] : []),
    settings.siteName,
  ]
  return {
    to: donation.donor.email,
    subject: `Gracias por tu donación${settings.siteName ? ` a ${settings.siteName}` : ''}`,
    text: lines.join('\n'),
    ...(attachment ? { attachments: [attachment] } : {}),
  }
}

/** OXXO instructions: the reference to pay at the store before it expires. */
async function instructionsMail(sources: MailSources, voucher: z.infer<typeof instructionsSchema>): Promise<MailContent> {
  const campaign = await campaignRefOf(sources, voucher.campaignId)
  // The voucher's screen writes the deadline with the same formatter: the same instant reads the same.
  const expires = formatDateTime(voucher.expiresAt)
  const name = nameForMail(voucher.donor.name)
  const lines = [
    name ? `Hola ${name}:` : 'Hola:',
    '',
    `Para completar tu donación de ${formatPesos(voucher.amount)}${campaign ? ` a la campaña «${campaign.title}»` : ''}, paga en cualquier tienda OXXO con esta referencia:`,
    '',
    `Referencia: ${voucher.reference}`,
    `Código de barras: ${voucher.barcodeUrl}`,
    `Vence: ${expires}`,
    '',
    'OXXO cobra una comisión adicional al momento del pago. Tu donación se confirmará cuando recibamos el pago.',
  ]
  return { to: voucher.donor.email, subject: 'Instrucciones para tu donación en OXXO', text: lines.join('\n') }
}

/** The donation service's `deliverMail`: writes the queued donor mail and hands it to the content service. */
export async function deliverDonorMail(sources: MailSources, mail: OutboxMail): Promise<void> {
  const message =
    mail.kind === THANK_YOU
      ? await thankYouMail(sources, thankYouSchema.parse(mail.payload))
      : mail.kind === OXXO_INSTRUCTIONS
        ? await instructionsMail(sources, instructionsSchema.parse(mail.payload))
        : mail.kind === RECEIPT_ISSUED_MAIL
          ? await receiptIssuedMail(sources, mail.payload)
          : await monthlyMailContent(sources, mail.kind, mail.payload, (name) => (nameForMail(name) ? `Hola ${nameForMail(name)}:` : 'Hola:'))
  if (!message) throw new Error(`Tipo de correo desconocido: ${mail.kind}`)
  await handToMailService(sources.context, mail.id, message)
}
