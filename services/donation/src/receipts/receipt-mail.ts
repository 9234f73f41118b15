import { z } from 'zod'
import { formatPesos, type MailContent } from '@donaciones/contracts'
import type { DonationDeps } from '../deps.ts'
import { findReceipt } from '../projections/receipt-requests.ts'
import { readReceiptFiles } from './receipt-files.ts'

export const RECEIPT_ISSUED_MAIL = 'deductible-receipt-issued'

/** The queued row names the donation only: the files are read from the private table when it is sent. */
const receiptIssuedSchema = z.object({ donationId: z.string() })

type MailSources = Pick<DonationDeps, 'context' | 'paymentSettings'>

/** The deductible receipt's mail: to the e-mail the donor gave for it, the stamped XML and PDF attached. */
export async function receiptIssuedMail(sources: MailSources, payload: unknown): Promise<MailContent> {
  const { donationId } = receiptIssuedSchema.parse(payload)
  const { store } = sources.context
  const [found, files, settings] = await Promise.all([
    findReceipt(store.db, store.schema, donationId),
    readReceiptFiles(store.db, store.schema, donationId),
    sources.paymentSettings.get(),
  ])
  if (!found || !files) throw new Error(`Recibo deducible ${donationId} sin solicitud o sin archivos`)
  const { receipt } = found
  const lines = [
    'Hola:',
    '',
    `Adjuntamos el recibo deducible (CFDI) de tu donativo de ${formatPesos(receipt.amount)} con el folio ${receipt.folio}, a nombre de ${receipt.name} (RFC ${receipt.rfc}).`,
    'Conserva el XML: es el comprobante fiscal que el SAT reconoce; el PDF es su representación impresa.',
    '',
    settings.siteName,
  ]
  return {
    to: receipt.email,
    subject: `Tu recibo deducible${settings.siteName ? ` de ${settings.siteName}` : ''}`,
    text: lines.join('\n'),
    attachments: [
      { filename: `recibo-${receipt.folio}.xml`, contentType: 'application/xml', contentBase64: files.xml.toString('base64') },
      { filename: `recibo-${receipt.folio}.pdf`, contentType: 'application/pdf', contentBase64: files.pdf.toString('base64') },
    ],
  }
}
