import { jsPDF } from 'jspdf'
import { formatFolio, formatPesos, paymentChannelLabels, SITE_TIME_ZONE, type Donataria, type PaymentChannel } from '@donaciones/contracts'

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

const mexicoCity = new Intl.DateTimeFormat('es-MX', { timeZone: SITE_TIME_ZONE, dateStyle: 'long', timeStyle: 'short' })
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

const MARGIN = 56
const LINE_HEIGHT = 1.25

/**
 * The acknowledgement as a one-page PDF of text (jsPDF's standard Helvetica, so it is searchable
 * and small; the same library draws the OXXO voucher in the browser). Not a CFDI: the deductible
 * receipt is stamped apart by the charity's provider.
 */
export function acknowledgementPdf(acknowledgement: Acknowledgement): Buffer {
  const document = new jsPDF({ unit: 'pt', format: 'letter' })
  document.setProperties({ title: `Comprobante de donativo ${formatFolio(acknowledgement.folio)}`, author: acknowledgement.charity })
  const width = document.internal.pageSize.getWidth() - 2 * MARGIN
  let y = MARGIN
  const write = (text: string, font: 'normal' | 'bold', size: number): void => {
    document.setFont('helvetica', font).setFontSize(size)
    const lines = document.splitTextToSize(text, width) as string[]
    document.text(lines, MARGIN, y, { baseline: 'top', lineHeightFactor: LINE_HEIGHT })
    y += lines.length * size * LINE_HEIGHT
  }
  write('Comprobante de donativo', 'bold', 20)
  y += 20
  for (const [label, value] of acknowledgementLines(acknowledgement)) {
    write(label, 'bold', 11)
    write(value, 'normal', 11)
    y += 8
  }
  y += 14
  write(
    acknowledgement.donataria.enabled
      ? 'Este comprobante acredita la recepción de su donativo. Si lo solicitó, el recibo deducible (CFDI) se emite por separado.'
      : 'Este comprobante acredita la recepción de su donativo. No es un comprobante fiscal.',
    'normal',
    9,
  )
  return Buffer.from(document.output('arraybuffer'))
}
