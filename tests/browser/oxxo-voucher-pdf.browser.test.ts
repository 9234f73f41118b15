import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Download } from 'playwright-core'
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js'
import { launchChromium } from './chromium.ts'
import { startBrowserSite, type BrowserSite } from './support/browser-site.ts'
import { openPage, screenshotDir } from './support/pages.ts'
import { createCampaignThroughApi, downloadVoucherPdf, openCampaign, requestOxxoVoucher, setDonationAmount } from './journeys/campaign.ts'

const CHARITY = 'Fundación Ejemplo'

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Every stream of the PDF, inflated when it is Flate-compressed (jsPDF's only filter). */
function pdfStreams(pdf: Buffer): { dictionary: string; data: Buffer }[] {
  const text = pdf.toString('latin1')
  const streams: { dictionary: string; data: Buffer }[] = []
  const pattern = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length
    const end = text.indexOf('endstream', start)
    const raw = pdf.subarray(start, end)
    const dictionary = match[1] ?? ''
    streams.push({ dictionary, data: dictionary.includes('/FlateDecode') && !dictionary.includes('/Subtype /Image') ? inflateSync(raw) : raw })
  }
  return streams
}

/** The strings the page's text operators show (jsPDF writes `(text) Tj` and `[(text)] TJ`). */
function shownText(content: string): string {
  const strings: string[] = []
  for (const match of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) strings.push((match[1] ?? '').replace(/\\(.)/g, '$1'))
  return strings.join('\n')
}

/**
 * The filled rectangles of the barcode (the tallest row of equal-height bars), read back as the
 * alternating widths of bars and spaces in modules.
 */
function barcodeRuns(content: string): number[] {
  const rects = [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\s*\n?f/g)].map((match) => ({
    x: Number(match[1]),
    width: Number(match[3]),
    height: Math.abs(Number(match[4])),
  }))
  const heights = new Map<string, number>()
  for (const rect of rects) heights.set(rect.height.toFixed(2), (heights.get(rect.height.toFixed(2)) ?? 0) + 1)
  const [barHeight] = [...heights.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['0']
  const bars = rects.filter((rect) => rect.height.toFixed(2) === barHeight).sort((a, b) => a.x - b.x)
  const module = Math.min(...bars.map((bar) => bar.width))
  const runs: number[] = []
  bars.forEach((bar, index) => {
    if (index > 0) {
      const previous = bars[index - 1]!
      runs.push(Math.round((bar.x - previous.x - previous.width) / module))
    }
    runs.push(Math.round(bar.width / module))
  })
  return runs
}

/** The Code 128 of `text` as the same alternating widths (JsBarcode's encoder). */
function expectedRuns(text: string): number[] {
  const runs: number[] = []
  const { data } = new CODE128(text, {}).encode()
  for (let index = 0; index < data.length; index += 1) {
    if (index > 0 && data[index] === data[index - 1]) runs[runs.length - 1]! += 1
    else runs.push(1)
  }
  return runs
}

/** The OXXO voucher's PDF (spec §2.3): letter size, text and vector drawing, small. */
describe('Ficha OXXO en PDF', () => {
  let site: BrowserSite
  let browser: Browser
  let slug: string

  beforeAll(async () => {
    ;[site, browser] = await Promise.all([startBrowserSite(), launchChromium()])
    const token = await site.configure()
    slug = (await createCampaignThroughApi(site, token)).slug
  })

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
  })

  it('se descarga con texto seleccionable, código de barras vectorial de la referencia y pesa menos de 200 KB', async () => {
    const { page, consoleErrors } = await openPage(browser, 'ficha-pdf')
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await openCampaign(page, site.url, slug)
    await setDonationAmount(page, 345)
    const reference = await requestOxxoVoucher(page, { name: 'Olga', lastName: 'Ortiz', email: 'olga@example.com', phone: '5598765432' })
    const deadline = (await page.getByTestId('fecha-limite').innerText()).trim()
    const scriptsBeforeSaving = scripts.length

    const download = await downloadVoucherPdf(page)
    expect(download.suggestedFilename()).toBe('ficha-oxxo.pdf')
    // The PDF code arrives only with the click.
    expect(scripts.length).toBeGreaterThan(scriptsBeforeSaving)
    const pdf = await bytesOf(download)
    // Kept with the test reports, to be opened or rendered (pdftoppm) by a person.
    mkdirSync(screenshotDir, { recursive: true })
    writeFileSync(join(screenshotDir, 'ficha-oxxo.pdf'), pdf)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf.length).toBeLessThan(200 * 1024)

    const text = pdf.toString('latin1')
    expect(text).toMatch(/\/MediaBox \[0 0 612\.?0* 792\.?0*\]/) // letter, in points
    const streams = pdfStreams(pdf)
    const images = streams.filter((stream) => stream.dictionary.includes('/Subtype /Image'))
    // At most the small logo and its transparency mask: the voucher itself is not a picture.
    expect(images.length).toBeLessThanOrEqual(2)
    expect(images.reduce((sum, image) => sum + image.data.length, 0)).toBeLessThan(30 * 1024)

    const content = streams.filter((stream) => !stream.dictionary.includes('/Subtype')).map((stream) => stream.data.toString('latin1')).join('\n')
    const shown = shownText(content)
    expect(shown).toContain(reference)
    expect(shown).toContain('$345.00 MXN')
    expect(shown).toContain(deadline)
    expect(shown).toContain('Ficha de pago OXXO Pay')
    expect(shown).toContain('Instrucciones')
    expect(shown).toContain('Dicta al cajero el n\xfamero de referencia de esta ficha.')
    expect(shown).toContain(CHARITY.replace('ó', '\xf3'))
    expect(shown).toContain('Donaci\xf3n a \xdatiles para todos')

    // The barcode is the reference's Code 128, drawn bar by bar.
    expect(barcodeRuns(content)).toEqual(expectedRuns(reference))
    expect(consoleErrors).toEqual([])
  })
})
