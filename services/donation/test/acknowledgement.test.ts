import { afterAll, beforeAll, expect, it } from 'vitest'
import { extractText, getDocumentProxy } from 'unpdf'
import { replayProjection } from '@donaciones/kit'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { donationsProjection } from '../src/projections/donations.ts'
import { PAYMENT_SETTINGS_TTL_MS } from '../src/providers/payment-settings.ts'
import { cardToken, createCampaign, enableDonataria, forEachEngine, json, pointAtProviders, startDonationSite, type DonationSite } from './support.ts'

const APPROVED = '4242424242424242'

async function pdfText(content: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(content)), { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

forEachEngine("the 'Comprobante de donativo' of an approved donation", (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let campaign: { id: string; slug: string; title: string }

  const donate = async (email: string, amount: number) => {
    const response = await donation.site.api('/api/donations/conekta', {
      method: 'POST',
      json: { token: await cardToken(sim, APPROVED), name: 'Ana Pérez', amount, campaign: campaign.id, email, phone: '5512345678', user: null },
    })
    expect(response.status).toBe(200)
    return (await json<{ _id: string; folio?: string }>(response))
  }
  const folioOf = async (id: string) => (await json<{ folio?: string }>(await donation.site.api(`/api/donations/${id}`, { token: donation.adminToken }))).folio

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim)
    donation = await startDonationSite(sim, engine)
    campaign = await createCampaign(donation, { title: 'Comedor comunitario' })
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
  })

  it('is attached to the thank-you mail: charity, folio, date, amount, method and campaign, as text', async () => {
    const given = await donate('ana@correo.mx', 1250.5)
    const folio = await folioOf(given._id)
    expect(folio).toMatch(/^D-\d{6,}$/)
    expect(given.folio).toBe(folio)

    const mail = await donation.site.mail.waitFor('ana@correo.mx')
    expect(mail.text).toContain(`Adjuntamos el comprobante de tu donativo con el folio ${folio}.`)
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([[`comprobante-${folio}.pdf`, 'application/pdf']])
    const pdf = mail.attachments[0]!.content
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const text = await pdfText(pdf)
    for (const expected of ['Comprobante de donativo', 'Fundación Ejemplo', folio!, '$1,250.50 MXN', 'Tarjeta de crédito o débito', 'Comedor comunitario', 'hora de la Ciudad de México']) {
      expect(text).toContain(expected)
    }
    const year = new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', year: 'numeric' }).format(new Date())
    expect(text).toMatch(new RegExp(`\\d{1,2} de [a-z]+ de ${year}`))
    // Not a donataria autorizada (the default): no RFC, no authorisation.
    expect(text).not.toContain('RFC')
    expect(text).not.toContain('Donataria autorizada')
  })

  it("names the charity's RFC and authorisation once 'Donataria autorizada' is on", async () => {
    await enableDonataria(donation, sim)
    // The donation service keeps the settings it read for up to PAYMENT_SETTINGS_TTL_MS.
    await new Promise((resolve) => setTimeout(resolve, PAYMENT_SETTINGS_TTL_MS + 100))
    await donate('luis@correo.mx', 300)
    const text = await pdfText((await donation.site.mail.waitFor('luis@correo.mx')).attachments[0]!.content)
    expect(text).toContain('RFC')
    expect(text).toContain('FCA970701NN8')
    expect(text).toContain('Autorización 600-04-02-2024-1234 publicada en el Diario Oficial de la Federación el 15 de enero de 2024')
    expect(text).toContain('$300.00 MXN')
  })

  it('gives every approved donation its own folio, listed for administrators and the same after the projection is rebuilt', async () => {
    await donate('eva@correo.mx', 100)
    const list = await json<{ docs: Array<{ _id: string; folio?: string; approved: boolean }> }>(
      await donation.site.api('/api/donations/conekta/card', { token: donation.adminToken }),
    )
    const approved = list.docs.filter((doc) => doc.approved)
    expect(approved.length).toBeGreaterThanOrEqual(3)
    const folios = approved.map((doc) => doc.folio)
    expect(folios.every((folio) => typeof folio === 'string')).toBe(true)
    expect(new Set(folios).size).toBe(folios.length)

    await replayProjection({ store: donation.site.platform.runtimes.donation.context.store, projection: donationsProjection })
    for (const doc of approved) expect(await folioOf(doc._id)).toBe(doc.folio)
  })
})
