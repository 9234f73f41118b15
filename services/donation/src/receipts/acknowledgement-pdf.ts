import PDFDocument from 'pdfkit'
import { formatFolio, formatPesos, paymentChannelLabels, type Donataria, type PaymentChannel } from '@donaciones/contracts'

/** What a 'Comprobante de donativo' says: every approved donation gets one, deductible or not. */
export interface Acknowledgement {
  charity: string
  /** Shown only when the charity is a donataria autorizada. */
  donataria: Donataria
  /** The approval's position in the log (see formatFolio). */
  folio: number
  approvedAt: string
  amount: number
  method: PaymentChannel
  /** Absent when the campaign's title could not be read. */
  campaign: string | undefined
}

const mexicoCity = new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', dateStyle: 'long', timeStyle: 'short' })
const dofDate = new Intl.DateTimeFormat('es-MX', { timeZone: 'UTC', dateStyle: 'long' })

/** '15 de enero de 2026, 10:30 (hora de la Ciudad de México)'. */
export function mexicoCityDate(iso: string): string {
  return `${mexicoCity.format(new Date(iso))} (hora de la Ciudad de México)`
}

/** The lines of the acknowledgement, label and value, in the order they are printed. */
export function acknowledgementLines(acknowledgement: Acknowledgement): Array<[string, string]> {
  const { donataria } = acknowledgement
  const lines: Array<[string, string]> = [['Institución', acknowledgement.charity]]
  if (donataria.enabled) {
    lines.push(['RFC', donataria.rfc])
    lines.push(['Donataria autorizada', `Autorización ${donataria.authorizationNumber} publicada en el Diario Oficial de la Federación el ${dofDate.format(new Date(`${donataria.authorizationDate}T00:00:00Z`))}`])
  }
  lines.push(['Folio', formatFolio(acknowledgement.folio)])
  lines.push(['Fecha', mexicoCityDate(acknowledgement.approvedAt)])
  lines.push(['Monto', formatPesos(acknowledgement.amount)])
  lines.push(['Forma de pago', paymentChannelLabels[acknowledgement.method]])
  if (acknowledgement.campaign) lines.push(['Campaña', acknowledgement.campaign])
  return lines
}

/**
 * The acknowledgement as a one-page PDF of text (pdfkit's standard Helvetica, so it is searchable
 * and small). Not a CFDI: the deductible receipt is stamped apart by the charity's provider.
 */
export function acknowledgementPdf(acknowledgement: Acknowledgement): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `Comprobante de donativo ${formatFolio(acknowledgement.folio)}`, Author: acknowledgement.charity },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk))
    document.on('end', () => resolve(Buffer.concat(chunks)))
    document.on('error', reject)
  })
  document.font('Helvetica-Bold').fontSize(20).text('Comprobante de donativo')
  document.moveDown(1.5)
  for (const [label, value] of acknowledgementLines(acknowledgement)) {
    document.font('Helvetica-Bold').fontSize(11).text(label)
    document.font('Helvetica').fontSize(11).text(value)
    document.moveDown(0.6)
  }
  document.moveDown(1)
  document
    .font('Helvetica')
    .fontSize(9)
    .text(
      acknowledgement.donataria.enabled
        ? 'Este comprobante acredita la recepción de su donativo. Si lo solicitó, el recibo deducible (CFDI) se emite por separado.'
        : 'Este comprobante acredita la recepción de su donativo. No es un comprobante fiscal.',
    )
  document.end()
  return done
}
