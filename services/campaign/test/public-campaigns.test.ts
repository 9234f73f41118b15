import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { randomUUID } from 'node:crypto'
import { donationApproved, type CampaignInput } from '@donaciones/contracts'
import { callService, newEvent, type ServiceContext } from '@donaciones/kit'
import type { EmbeddedPlatform } from '@donaciones/platform'
import { forEachEngine, startTestSite, type TestSite } from '../../../tests/support/site.ts'
import type { CommandContext } from '../src/commands/catalog-commands.ts'
import { createCampaign, toggleCampaign, updateCampaign } from '../src/commands/campaign-commands.ts'
import { setupCatalog } from '../src/commands/setup-catalog.ts'

forEachEngine('public campaign API through the gateway', (engine) => {
  let site: TestSite
  let platform: EmbeddedPlatform
  let campaign: ServiceContext
  let command: CommandContext
  let categoryId: string
  let institutionId: string
  const thumbnail = randomUUID()

  const input = (title: string): CampaignInput => ({
    title,
    description: `Descripción de ${title}`,
    duration: 30,
    date: '2026-11-01',
    thumbnail,
    categories: [categoryId],
    institution: institutionId,
    content: '<p>Contenido</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
    visibility: { counter: true, countdown: true, comments: true },
    goal: 50_000,
  })

  beforeAll(async () => {
    site = await startTestSite({ engine })
    platform = site.platform
    campaign = platform.runtimes.campaign.context
    command = { store: campaign.store, actor: randomUUID(), correlationId: 'prueba' }
    const ids = await setupCatalog(campaign.store, { setupId: 's', actor: null, category: { title: 'Educación', description: 'd' }, institution: { name: 'Hospital', description: 'd' } }, 'prueba')
    categoryId = ids.categoryId
    institutionId = ids.institutionId as string
    for (let index = 1; index <= 44; index += 1) await createCampaign(command, input(`Campaña número ${index}`))
    await createCampaign(command, input('Útiles para el Niño'))
  }, 180_000)
  afterAll(() => site?.stop())

  const api = (path: string, init?: RequestInit) => fetch(`${platform.url}/api/public/campaigns${path}`, init)

  it('pages 45 campaigns newest first with the pagination info', async () => {
    const first = (await (await api('/scroll/campaigns?page=1')).json()) as { docs: { title: string }[]; totalDocs: number; limit: number; totalPages: number; page: number; nextPage: number | null }
    expect(first).toMatchObject({ totalDocs: 45, limit: 9, totalPages: 5, page: 1, nextPage: 2 })
    expect(first.docs[0]?.title).toBe('Útiles para el Niño')
    const titles = new Set<string>()
    for (let page = 1; page <= 5; page += 1) {
      const body = (await (await api(`/scroll/campaigns?page=${page}`)).json()) as { docs: { title: string }[]; nextPage: number | null }
      for (const doc of body.docs) titles.add(doc.title)
      expect(body.nextPage).toBe(page < 5 ? page + 1 : null)
    }
    expect(titles.size).toBe(45)
    const beyond = (await (await api('/scroll/campaigns?page=6')).json()) as { docs: unknown[]; nextPage: number | null }
    expect(beyond.docs).toEqual([])
    expect((await api('/scroll/campaigns?page=0')).status).toBe(422)
  })

  it("finds 'Niño' when searching 'nino', with the searched text", async () => {
    const body = (await (await api('/search/campaigns?page=1&title=nino')).json()) as { docs: { title: string }[]; totalDocs: number; searchValue: string }
    expect(body.docs.map((doc) => doc.title)).toEqual(['Útiles para el Niño'])
    expect(body).toMatchObject({ totalDocs: 1, searchValue: 'nino', nextPage: null })
    expect((await api('/search/campaigns?page=1&title=')).status).toBe(422)
  })

  it('serves one campaign by slug with its thumbnail, categories, institution and sanitised content', async () => {
    const response = await api('/utiles-para-el-nino')
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown> & { content: string }
    expect(body).toMatchObject({
      slug: 'utiles-para-el-nino',
      thumbnail: { _id: thumbnail, path: `/api/files/${thumbnail}/raw` },
      categories: [{ _id: categoryId, title: 'Educación' }],
      institution: { _id: institutionId, name: 'Hospital' },
      likes: 0,
      visits: 0,
      goal: 50_000,
      date: '2026-11-01',
      comments: [],
    })
    expect(body.content).not.toMatch(/onerror|<script/)
    expect((await api('/no-existe')).status).toBe(404)
  })

  it('keeps the slug when the title changes and hides inactive campaigns', async () => {
    const { id, slug } = await createCampaign(command, input('Agua limpia'))
    expect((await createCampaign(command, input('Agua  limpia!'))).slug).toBe('agua-limpia-2')
    await updateCampaign(command, id, input('Agua limpia para todos'), { cause: 'Actualización', description: 'nuevo título' })
    const renamed = (await (await api(`/${slug}`)).json()) as { title: string }
    expect(renamed.title).toBe('Agua limpia para todos')
    await toggleCampaign(command, id, false, { cause: 'Desactivación', description: 'cerrada' })
    // Changed outside the gateway (as a background job would): others see it within the second.
    await vi.waitFor(async () => expect((await api(`/${slug}`)).status).toBe(404), { timeout: 10_000, interval: 20 })
    expect((await api(`/${slug}/visit`, { method: 'POST' })).status).toBe(404)
  })

  it('counts 100 concurrent visits and 100 concurrent likes exactly', async () => {
    const slug = 'campana-numero-1'
    const from = (index: number) => ({ 'x-forwarded-for': `10.0.${Math.floor(index / 250)}.${index % 250}` })
    const visits = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => ((await (await api(`/${slug}/visit`, { method: 'POST', headers: from(index) })).json()) as { total: number }).total),
    )
    expect(new Set(visits).size).toBe(100)
    const likes = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const response = await api(`/${slug}/like`, { method: 'POST', headers: { 'x-forwarded-for': `10.0.${Math.floor(index / 250)}.${index % 250}` } })
        return ((await response.json()) as { likes: number }).likes
      }),
    )
    expect(new Set(likes).size).toBe(100)
    expect(await (await api(`/${slug}`)).json()).toMatchObject({ visits: 100, likes: 100 })
  })

  it('counts one visit per address and campaign in half an hour: a reload answers the total without counting it', async () => {
    const slug = 'campana-numero-2'
    const visit = async (address: string) => {
      const response = await api(`/${slug}/visit`, { method: 'POST', headers: { 'x-forwarded-for': address } })
      expect(response.status).toBe(200)
      return ((await response.json()) as { total: number }).total
    }
    const first = await visit('10.9.0.1')
    expect(await visit('10.9.0.1')).toBe(first)
    expect(await visit('10.9.0.1')).toBe(first)
    expect(await visit('10.9.0.2')).toBe(first + 1)
    expect(await (await api(`/${slug}`)).json()).toMatchObject({ visits: first + 1 })
  })

  it('shows approved donations from the donation service on the campaign', async () => {
    const row = (await (await api('/campana-numero-3')).json()) as { _id: string; donations: unknown[]; open: boolean; endsAt: string }
    expect(row.donations).toEqual([])
    expect(row.endsAt).toBe('2026-12-01T06:00:00.000Z')
    const donation = platform.runtimes.donation.context.store
    await donation.append('donation-d1', [
      newEvent(donationApproved, {
        donationId: 'd1', campaignId: row._id, amount: 250, fee: 10, currency: 'MXN', type: 'oxxo',
        donor: { email: 'a@b.mx', name: 'A' }, userId: null, approvedAt: '2026-11-20T10:00:00.000Z',
      }),
    ], { expectedVersion: 0, metadata: { actor: null, correlationId: 'prueba' } })
    const deadline = Date.now() + 10_000
    let donations: unknown[] = []
    while (donations.length === 0 && Date.now() < deadline) {
      donations = ((await (await api('/campana-numero-3')).json()) as { donations: unknown[] }).donations
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(donations).toEqual([{ amount: 250, type: 'oxxo', approved: true, createdAt: '2026-11-20T10:00:00.000Z' }])
  })

  it('cards of the list, scroll, search, banner and slider carry the goal, the amount raised and the distinct donors', async () => {
    type Card = { _id: string; slug: string; goal: number | null; raised: number; donors: number }
    const target = ((await (await api('/campana-numero-5')).json()) as { _id: string })._id
    const donation = platform.runtimes.donation.context.store
    const approved = (donationId: string, amount: number, donor: { email: string; userId: string | null }) =>
      donation.append(`donation-${donationId}`, [
        newEvent(donationApproved, {
          donationId, campaignId: target, amount, fee: 1, currency: 'MXN', type: 'conekta',
          donor: { email: donor.email, name: 'D' }, userId: donor.userId, approvedAt: '2026-11-20T10:00:00.000Z',
        }),
      ], { expectedVersion: 0, metadata: { actor: null, correlationId: 'prueba' } })
    // Two from the same e-mail (one donor), one from an account: 3 donations, 2 donors.
    await approved('c1', 100.5, { email: 'Eva@correo.mx', userId: null })
    await approved('c2', 200, { email: 'eva@correo.mx', userId: null })
    await approved('c3', 1000, { email: 'otra@correo.mx', userId: randomUUID() })
    const cardOf = async (path: string) => {
      const body = (await (await api(path)).json()) as Card[] | { docs: Card[] }
      return (Array.isArray(body) ? body : body.docs).find((card) => card._id === target)
    }
    const deadline = Date.now() + 10_000
    while ((await cardOf('/'))?.donors !== 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    const expected = { goal: 50_000, raised: 1300.5, donors: 2 }
    expect(await cardOf('/')).toMatchObject(expected)
    expect(await cardOf('/search/campaigns?page=1&title=numero%205')).toMatchObject(expected)
    const scroll = (await (await api('/scroll/campaigns?page=5')).json()) as { docs: Card[] }
    for (const card of scroll.docs) expect(card).toEqual(expect.objectContaining({ goal: 50_000, raised: expect.any(Number), donors: expect.any(Number) }))
    const banner = (await (await api('/banner')).json()) as Card[]
    const slider = (await (await api('/slider')).json()) as Card[]
    for (const card of [...banner, ...slider]) expect(card).toMatchObject({ goal: 50_000, raised: 0, donors: 0 })
    expect(await cardOf('/scroll/campaigns?page=5')).toMatchObject(expected)
  })

  it('tells the donation service whether a campaign takes donations', async () => {
    const row = (await (await api('/campana-numero-4')).json()) as { _id: string }
    const status = await callService<{ open: boolean; active: boolean; title: string }>(campaign.directory, 'campaign', `/internal/campaigns/${row._id}/donation-status`)
    expect(status.status).toBe(200)
    expect(status.body).toMatchObject({ active: true, title: 'Campaña número 4' })
    expect(typeof status.body.open).toBe('boolean')
    expect((await callService(campaign.directory, 'campaign', `/internal/campaigns/${randomUUID()}/donation-status`)).status).toBe(404)
  })

  it('limits how many likes one client can give', async () => {
    const slug = 'campana-numero-2'
    const statuses: number[] = []
    for (let index = 0; index < 7; index += 1) {
      statuses.push((await api(`/${slug}/like`, { method: 'POST', headers: { 'x-forwarded-for': '192.0.2.7' } })).status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
    const refused = await api(`/${slug}/like`, { method: 'POST', headers: { 'x-forwarded-for': '192.0.2.7' } })
    expect(((await refused.json()) as { message: string }).message).toBe('Demasiados me gusta')
    expect(await (await api(`/${slug}`)).json()).toMatchObject({ likes: 5 })
  })
})
