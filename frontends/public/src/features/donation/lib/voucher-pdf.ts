import { jsPDF } from 'jspdf'
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js'
import { VOUCHER_FEE_NOTE, VOUCHER_STEPS } from './voucher-text.ts'

/** What the printed voucher says; amounts and dates come already formatted for Mexico. */
export interface VoucherPdfData {
  charityName: string
  logoUrl: string | null
  campaignTitle: string
  amount: string
  reference: string
  deadline: string | null
}

const PAGE_WIDTH = 215.9
const MARGIN = 20
const CONTENT = PAGE_WIDTH - 2 * MARGIN
const OXXO_RED: [number, number, number] = [185, 28, 28]
const TEXT: [number, number, number] = [17, 24, 39]
const MUTED: [number, number, number] = [75, 85, 99]
const LOGO_PIXELS = 240

/**
 * The Code 128 of `text` (encoded by JsBarcode) as the widths of its alternating bars and spaces,
 * in modules, starting with a bar.
 */
export function code128Runs(text: string): number[] {
  const { data } = new CODE128(text, {}).encode()
  const runs: number[] = []
  for (let index = 0; index < data.length; index += 1) {
    if (index > 0 && data[index] === data[index - 1]) runs[runs.length - 1] = (runs[runs.length - 1] ?? 0) + 1
    else runs.push(1)
  }
  return runs
}

/** The logo redrawn on a small canvas as PNG, or null when it does not load in a few seconds. */
async function loadLogo(url: string): Promise<{ dataUrl: string; ratio: number } | null> {
  const image = new Image()
  image.crossOrigin = 'anonymous'
  const loaded = new Promise<boolean>((resolve) => {
    image.onload = () => resolve(true)
    image.onerror = () => resolve(false)
    setTimeout(() => resolve(false), 4000)
  })
  image.src = url
  if (!(await loaded) || image.naturalWidth === 0 || image.naturalHeight === 0) return null
  const scale = Math.min(1, LOGO_PIXELS / Math.max(image.naturalWidth, image.naturalHeight))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale))
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale))
  const context = canvas.getContext('2d')
  if (!context) return null
  context.drawImage(image, 0, 0, canvas.width, canvas.height)
  try {
    return { dataUrl: canvas.toDataURL('image/png'), ratio: canvas.width / canvas.height }
  } catch {
    return null // a logo from another origin without CORS taints the canvas
  }
}

/** Draws the barcode of `reference` as filled rectangles centred at `top`; returns its bottom. */
function drawBarcode(doc: jsPDF, reference: string, top: number, height: number): number {
  const runs = code128Runs(reference)
  const modules = runs.reduce((sum, run) => sum + run, 0)
  const moduleWidth = Math.min(0.5, (CONTENT - 20) / modules)
  let x = (PAGE_WIDTH - modules * moduleWidth) / 2
  doc.setFillColor(0, 0, 0)
  runs.forEach((run, index) => {
    if (index % 2 === 0) doc.rect(x, top, run * moduleWidth, height, 'F')
    x += run * moduleWidth
  })
  return top + height
}

/** Builds the letter-size voucher (spec §2.3) with text and vector drawing only. */
export async function buildVoucherPdf(data: VoucherPdfData): Promise<jsPDF> {
  const doc = new jsPDF({ unit: 'mm', format: 'letter', compress: true })
  doc.setProperties({ title: 'Ficha de pago OXXO', subject: `Referencia ${data.reference}`, author: data.charityName })
  doc.setTextColor(...TEXT)

  // Charity: logo (when it loads) and name.
  let y = MARGIN
  const logo = data.logoUrl ? await loadLogo(data.logoUrl) : null
  let nameLeft = MARGIN
  if (logo) {
    const height = 16
    const width = Math.min(40, height * logo.ratio)
    doc.addImage(logo.dataUrl, 'PNG', MARGIN, y, width, width / logo.ratio)
    nameLeft = MARGIN + width + 5
  }
  doc.setFont('helvetica', 'bold').setFontSize(16)
  doc.text(doc.splitTextToSize(data.charityName, PAGE_WIDTH - MARGIN - nameLeft) as string[], nameLeft, y + (logo ? 10 : 7))
  y += 24
  doc.setDrawColor(...OXXO_RED).setLineWidth(0.8).line(MARGIN, y, PAGE_WIDTH - MARGIN, y)

  // Title and campaign.
  y += 12
  doc.setTextColor(...OXXO_RED).setFontSize(22).text('Ficha de pago OXXO Pay', MARGIN, y)
  doc.setTextColor(...TEXT).setFont('helvetica', 'normal').setFontSize(12)
  const campaignLines = doc.splitTextToSize(`Donación a ${data.campaignTitle}`, CONTENT) as string[]
  y += 8
  doc.text(campaignLines, MARGIN, y)
  y += campaignLines.length * 5.5 + 4

  // Amount, reference and deadline in a framed box.
  const boxTop = y
  const rows: [string, string, 'courier' | 'helvetica', number][] = [
    ['Monto a pagar', data.amount, 'helvetica', 20],
    ['Referencia', data.reference, 'courier', 20],
    ...(data.deadline ? [['Fecha límite de pago', data.deadline, 'helvetica', 13] as [string, string, 'helvetica', number]] : []),
  ]
  y += 9
  for (const [label, value, font, size] of rows) {
    doc.setFont('helvetica', 'bold').setFontSize(11).setTextColor(...MUTED).text(label, MARGIN + 6, y)
    doc.setFont(font, 'bold').setFontSize(size).setTextColor(...TEXT).text(value, MARGIN + 6, y + 8.5)
    y += 19
  }
  doc.setDrawColor(...MUTED).setLineWidth(0.3).roundedRect(MARGIN, boxTop, CONTENT, y - boxTop - 4, 3, 3, 'S')

  // Barcode of the reference, with the reference under it.
  y = drawBarcode(doc, data.reference, y + 4, 22)
  doc.setFont('courier', 'normal').setFontSize(12).text(data.reference, PAGE_WIDTH / 2, y + 6, { align: 'center' })
  y += 18

  // Instructions.
  doc.setFont('helvetica', 'bold').setFontSize(14).text('Instrucciones', MARGIN, y)
  y += 8
  doc.setFont('helvetica', 'normal').setFontSize(11.5)
  VOUCHER_STEPS.forEach((step, index) => {
    const lines = doc.splitTextToSize(step, CONTENT - 8) as string[]
    doc.text(`${index + 1}.`, MARGIN, y)
    doc.text(lines, MARGIN + 7, y)
    y += lines.length * 5.2 + 2
  })
  y += 3
  doc.setFont('helvetica', 'bold').setTextColor(146, 64, 14).text(doc.splitTextToSize(VOUCHER_FEE_NOTE, CONTENT) as string[], MARGIN, y)
  return doc
}

/** Builds the voucher and saves it as ficha-oxxo.pdf. */
export async function saveVoucherPdf(data: VoucherPdfData): Promise<void> {
  ;(await buildVoucherPdf(data)).save('ficha-oxxo.pdf')
}
