import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Campaign } from '@donaciones/contracts'
import { startProviderSim, type ProviderSim } from '../../../tools/provider-sim/index.ts'
import { cardToken, createCampaign, eventually, forEachEngine, json, pointAtProviders, startDonationSite, type DonationSite } from './support.ts'

const APPROVED = '4242424242424242'

forEachEngine('the donor wall of a campaign page (through the gateway, with the provider simulator)', (engine) => {
  let sim: ProviderSim
  let donation: DonationSite
  let campaign: { id: string; slug: string; title: string }

  const donate = async (body: Record<string, unknown>) => {
    const response = await donation.site.api('/api/donations/conekta', {
      method: 'POST',
      json: { token: await cardToken(sim, APPROVED), campaign: campaign.id, email: 'donante@correo.mx', phone: '5511112222', user: null, ...body },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    })
    return { status: response.status, text: await response.text() }
  }
  const publicPage = async (slug = campaign.slug) => json<Campaign>(await donation.site.api(`/api/public/campaigns/${slug}`))

  beforeAll(async () => {
    sim = await startProviderSim()
    pointAtProviders(sim)
    donation = await startDonationSite(sim, engine)
    campaign = await createCampaign(donation, { title: 'Biblioteca del barrio' })
  }, 180_000)
  afterAll(async () => {
    await donation.site.stop()
    await sim.close()
  })

  it('shows a named donor by first name and initial with their message, and an anonymous one as nobody in particular', async () => {
    expect((await donate({ name: 'Ana Pérez López', amount: 500, anonymous: false, message: '  ¡Ánimo, vecinos!  ' })).status).toBe(200)
    expect((await donate({ name: 'Bruno Secreto', email: 'bruno.secreto@correo.mx', amount: 900, anonymous: true, message: 'Con cariño' })).status).toBe(200)
    expect((await donate({ name: 'Carla Ruiz', amount: 150 })).status).toBe(200)

    const wall = await eventually(async () => {
      const page = await publicPage()
      expect(page.donorWall?.latest).toHaveLength(3)
      return page.donorWall
    })
    expect(wall?.latest.map(({ name, amount, message }) => ({ name, amount, message }))).toEqual([
      { name: 'Carla R.', amount: 150, message: null },
      { name: null, amount: 900, message: 'Con cariño' },
      { name: 'Ana P.', amount: 500, message: '¡Ánimo, vecinos!' },
    ])
    expect(wall?.largest.map(({ amount }) => amount)).toEqual([900, 500, 150])
  })

  it('never names an anonymous donor in any public answer', async () => {
    const publicPaths = [
      `/api/public/campaigns/${campaign.slug}`,
      `/api/public/campaigns/${campaign.slug}/comments`,
      '/api/public/campaigns/',
      '/api/public/campaigns/scroll/campaigns?page=1',
      `/api/public/campaigns/search/campaigns?page=1&title=${encodeURIComponent('Biblioteca')}`,
      '/api/init',
    ]
    for (const path of publicPaths) {
      const response = await donation.site.api(path)
      const text = await response.text()
      expect(response.status, path).toBeLessThan(400)
      for (const secret of ['Bruno', 'Secreto', 'bruno.secreto@correo.mx']) expect(text, path).not.toContain(secret)
      // Nor anyone's full name or e-mail.
      for (const secret of ['Pérez López', 'donante@correo.mx']) expect(text, path).not.toContain(secret)
    }
  })

  it('refuses (422, Spanish) a message longer than 280 characters and charges nothing', async () => {
    const orders = sim.conektaOrders().length
    const refused = await donate({ name: 'Dora Luna', amount: 100, message: 'a'.repeat(281) })
    expect(refused.status).toBe(422)
    expect(refused.text).toContain('El máximo de caracteres es de 280')
    expect(sim.conektaOrders().length).toBe(orders)
  })

  it('keeps the choice in the provider order, so a donation recovered by reconciliation keeps it too', async () => {
    expect((await donate({ name: 'Elena Mora', amount: 320, anonymous: true, message: 'Desde lejos' })).status).toBe(200)
    const order = sim.conektaOrders().at(-1) as { metadata?: Record<string, unknown> } | undefined
    expect(order?.metadata).toMatchObject({ anonymous: 'true', message: 'Desde lejos' })
  })

  it('shows no wall on a campaign that turned it off', async () => {
    const quiet = await createCampaign(donation, { title: 'Campaña discreta', donorWall: false })
    expect((await donate({ name: 'Fer Gil', amount: 100, campaign: quiet.id })).status).toBe(200)
    await eventually(async () => expect((await publicPage(quiet.slug)).donations).toHaveLength(1))
    expect((await publicPage(quiet.slug)).donorWall).toBeNull()
  })
})
