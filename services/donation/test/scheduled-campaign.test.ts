import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachEngine } from '../../../tests/support/engines.ts'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { cardToken, createCampaign, json, pointAtProviders, startDonationSite, type DonationSite } from './support.ts'

const APPROVED = '4242424242424242'

/** A campaign whose publication date is after today (Mexico City) is not public and takes no donations. */
forEachEngine('scheduled publication (through the gateway)', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let scheduled: { id: string; slug: string; title: string }
  let published: { id: string; slug: string; title: string }

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim)
    donation = await startDonationSite(sim, engine)
    scheduled = await createCampaign(donation, { title: 'Campaña programada para después', startsInDays: 3 })
    published = await createCampaign(donation, { title: 'Campaña ya publicada' })
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
  })

  const api = (path: string, init: RequestInit & { json?: unknown; token?: string } = {}) => donation.site.api(path, init)

  it('is absent from every public list and its page, likes, visits and comments are 404', async () => {
    for (const path of ['/api/public/campaigns/', '/api/public/campaigns/banner', '/api/public/campaigns/slider']) {
      const titles = (await json<Array<{ title: string }>>(await api(path))).map((card) => card.title)
      expect(titles, path).toContain(published.title)
      expect(titles, path).not.toContain(scheduled.title)
    }
    for (const path of ['/api/public/campaigns/scroll/campaigns?page=1', `/api/public/campaigns/search/campaigns?page=1&title=${encodeURIComponent('Campaña')}`]) {
      const titles = (await json<{ docs: Array<{ title: string }> }>(await api(path))).docs.map((card) => card.title)
      expect(titles, path).toContain(published.title)
      expect(titles, path).not.toContain(scheduled.title)
    }
    expect((await api(`/api/public/campaigns/${scheduled.slug}`)).status).toBe(404)
    expect((await api(`/api/public/campaigns/${published.slug}`)).status).toBe(200)
    expect((await api(`/api/public/campaigns/${scheduled.slug}/comments`)).status).toBe(404)
    expect((await api(`/api/public/campaigns/${scheduled.slug}/visit`, { method: 'POST' })).status).toBe(404)
    expect((await api(`/api/public/campaigns/${scheduled.slug}/like`, { method: 'POST' })).status).toBe(404)
  })

  it('takes no card, OXXO or PayPal donation (409 in Spanish, no provider call), while the admin API still shows it', async () => {
    const ordersBefore = sim.conektaOrders().length
    const card = await api('/api/donations/conekta', {
      method: 'POST',
      json: { token: await cardToken(sim, APPROVED), name: 'Ana Pérez', amount: 100, campaign: scheduled.id, email: 'ana@correo.mx', phone: '5511112222', user: null },
    })
    const oxxo = await api('/api/donations/oxxopay/request', {
      method: 'POST',
      json: { name: 'Ana', lastName: 'Pérez', email: 'ana@correo.mx', phone: '5511112222', campaign: scheduled.id, amount: 100, user: null },
    })
    const paypal = await api('/api/donations/paypal/order', { method: 'POST', json: { campaign: scheduled.id, amount: 100 } })
    for (const response of [card, oxxo, paypal]) {
      expect(response.status).toBe(409)
      const body = await json<{ message: string; description: string }>(response)
      expect(body.message).toBe('Campaña programada')
      expect(body.description).toMatch(/^Esta campaña recibirá donaciones a partir del \d{2}\/\d{2}\/\d{4}\.$/)
    }
    expect(sim.conektaOrders().length).toBe(ordersBefore)
    const admin = await api(`/api/campaigns/${scheduled.id}`, { token: donation.adminToken })
    expect(admin.status).toBe(200)
  })
})
