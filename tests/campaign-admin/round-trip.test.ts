import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayInMexico } from '@donaciones/contracts'
import { json, type TestSite } from '../support/site.ts'
import {
  activation,
  campaignPayload,
  createCampaign,
  deactivation,
  expectStatus,
  startCampaignSite,
  update,
  type CampaignEditView,
  type CampaignRefs,
  type CampaignView,
  type CatalogRecord,
  type Option,
} from './fixtures.ts'

/** Create → edit view → update → toggle, for campaigns and for institutions and categories (spec §3, §7; issue 4). */
describe('admin create/edit round trips', () => {
  let site: TestSite
  let admin = ''
  let refs: CampaignRefs

  beforeAll(async () => {
    ;({ site, admin, refs } = await startCampaignSite())
  }, 180_000)
  afterAll(() => site.stop())

  const editView = async (id: string) => {
    const response = await site.api(`/api/campaigns/edit/${id}`, { token: admin })
    await expectStatus(response.clone(), 200)
    return json<CampaignEditView>(response)
  }
  const put = (id: string, body: unknown) => site.api(`/api/campaigns/${id}`, { method: 'PUT', token: admin, json: body })
  const publicPage = (slug: string) => site.api(`/api/public/campaigns/${encodeURIComponent(slug)}`)

  describe('campaigns', () => {
    let second: Option
    let campaign: CampaignView
    let body: Record<string, unknown>

    beforeAll(async () => {
      const created = await json<CatalogRecord>(await site.api('/api/categories', { method: 'POST', token: admin, json: { title: 'Educación', description: 'Escuelas' } }))
      second = { value: created._id, label: 'Educación' }
      body = campaignPayload(refs, { title: 'Útiles para Niños', date: '2026-03-31', categories: [refs.category.value, second.value], goal: 120_000 })
      const response = await site.api('/api/campaigns', { method: 'POST', token: admin, json: body })
      await expectStatus(response.clone(), 201)
      campaign = await json<CampaignView & { message: string }>(response)
      expect((campaign as CampaignView & { message: string }).message).toBe('Registro guardado')
    })

    it('makes the slug from the title: accents transliterated, lower case', () => {
      expect(campaign.slug).toBe('utiles-para-ninos')
    })

    it('GET /api/campaigns/edit/{id}: categories and institution as {value, label}, date as YYYY-MM-DD', async () => {
      const view = await editView(campaign._id)
      expect(view.categories).toEqual([
        { value: refs.category.value, label: 'Salud' },
        { value: second.value, label: 'Educación' },
      ])
      expect(view.institution).toEqual({ value: refs.institution.value, label: 'Hospital Aliado' })
      expect(view.date).toBe('2026-03-31')
      expect(view).toMatchObject({ _id: campaign._id, title: 'Útiles para Niños', goal: 120_000, duration: 30, gratitude: 'Gracias por tu apoyo', visibility: body.visibility })
      expect(view.thumbnail._id).toBe(refs.thumbnail)
    })

    it('GET /api/campaigns/{id} and the admin list show categories with titles and the institution with its name', async () => {
      const full = await json<CampaignView>(await site.api(`/api/campaigns/${campaign._id}`, { token: admin }))
      expect(full.categories).toEqual([
        { _id: refs.category.value, title: 'Salud' },
        { _id: second.value, title: 'Educación' },
      ])
      expect(full.institution).toEqual({ _id: refs.institution.value, name: 'Hospital Aliado' })
      expect(full.comments).toEqual([])
      const list = await json<CampaignView[]>(await site.api('/api/campaigns', { token: admin }))
      expect(list.find((row) => row._id === campaign._id)?.slug).toBe('utiles-para-ninos')
    })

    it('an update with a new title keeps the slug, and the public page still resolves', async () => {
      const response = await put(campaign._id, { payload: { ...body, title: 'Cuadernos y Lápices', duration: 45 }, historical: update })
      await expectStatus(response.clone(), 200)
      const updated = await json<CampaignView & { message: string }>(response)
      expect({ message: updated.message, slug: updated.slug, title: updated.title }).toEqual({ message: 'Registro actualizado', slug: 'utiles-para-ninos', title: 'Cuadernos y Lápices' })
      const page = await publicPage('utiles-para-ninos')
      await expectStatus(page.clone(), 200)
      expect(await json<CampaignView>(page)).toMatchObject({ _id: campaign._id, title: 'Cuadernos y Lápices', duration: 45 })
      expect((await editView(campaign._id)).title).toBe('Cuadernos y Lápices')
    })

    it('a new campaign with the old title gets a new slug; the old one still names the first campaign', async () => {
      const again = await createCampaign(site, admin, campaignPayload(refs, { title: 'Útiles para niños' }))
      expect(again.slug).toBe('utiles-para-ninos-2')
      expect((await json<CampaignView>(await publicPage('utiles-para-ninos')))._id).toBe(campaign._id)
      expect((await json<CampaignView>(await publicPage('utiles-para-ninos-2')))._id).toBe(again._id)
    })

    it("a toggle answers 'Registro desactivado', the public page 404s, and reactivating brings it back", async () => {
      const off = await put(campaign._id, { payload: { active: false }, historical: deactivation })
      await expectStatus(off.clone(), 200)
      expect(await json<CampaignView & { message: string }>(off)).toMatchObject({ message: 'Registro desactivado', active: false })
      expect((await publicPage('utiles-para-ninos')).status).toBe(404)
      expect((await site.api('/api/public/campaigns/utiles-para-ninos/comments')).status).toBe(404)
      const cards = await json<{ _id: string }[]>(await site.api('/api/public/campaigns/'))
      expect(cards.map((card) => card._id)).not.toContain(campaign._id)
      // The admin still sees it, inactive, with everything else unchanged.
      expect(await editView(campaign._id)).toMatchObject({ active: false, title: 'Cuadernos y Lápices', date: '2026-03-31' })

      const on = await put(campaign._id, { payload: { active: true }, historical: activation })
      expect(await json<{ message: string }>(on)).toMatchObject({ message: 'Registro activado', active: true })
      expect((await publicPage('utiles-para-ninos')).status).toBe(200)
    })

    it("institution is optional: null ('N/A') or absent gives null, and an update can remove it", async () => {
      const withNull = await createCampaign(site, admin, campaignPayload(refs, { institution: null }))
      expect(withNull.institution).toBeNull()
      expect((await editView(withNull._id)).institution).toBeNull()
      const absent = await createCampaign(site, admin, campaignPayload(refs, { institution: undefined }))
      expect((await editView(absent._id)).institution).toBeNull()

      const removed = await put(campaign._id, { payload: { ...body, title: 'Cuadernos y Lápices', institution: null }, historical: update })
      await expectStatus(removed, 200)
      expect((await editView(campaign._id)).institution).toBeNull()
      expect((await json<CampaignView>(await publicPage('utiles-para-ninos'))).institution).toBeNull()
    })

    it("the date is kept as the calendar day sent, also today's", async () => {
      const now = await createCampaign(site, admin, campaignPayload(refs, { date: todayInMexico() }))
      expect((await editView(now._id)).date).toBe(todayInMexico())
      expect(now.date).toBe(todayInMexico())
    })
  })

  for (const { path, label, option } of [
    { path: '/api/institutions', label: 'name', option: '/api/options/institutions' },
    { path: '/api/categories', label: 'title', option: '/api/options/categories' },
  ] as const) {
    describe(path, () => {
      it('create → list → get → update → toggle, and the options list only active records', async () => {
        const created = await site.api(path, { method: 'POST', token: admin, json: { [label]: '  Fundación Ñandú  ', description: 'Primera versión' } })
        await expectStatus(created.clone(), 201)
        const record = await json<CatalogRecord & { message: string }>(created)
        expect(record).toMatchObject({ message: 'Registro guardado', [label]: 'Fundación Ñandú', description: 'Primera versión', active: true })

        const list = await json<CatalogRecord[]>(await site.api(path, { token: admin }))
        expect(list.find((row) => row._id === record._id)).toMatchObject({ [label]: 'Fundación Ñandú' })

        const updated = await site.api(`${path}/${record._id}`, { method: 'PUT', token: admin, json: { payload: { [label]: 'Fundación Ñandú AC', description: 'Segunda versión' }, historical: update } })
        expect(await json<CatalogRecord & { message: string }>(updated)).toMatchObject({ message: 'Registro actualizado', [label]: 'Fundación Ñandú AC', description: 'Segunda versión' })
        expect(await json<CatalogRecord>(await site.api(`${path}/${record._id}`, { token: admin }))).toMatchObject({ [label]: 'Fundación Ñandú AC', description: 'Segunda versión', active: true })
        expect(await json<Option[]>(await site.api(option, { token: admin }))).toContainEqual({ value: record._id, label: 'Fundación Ñandú AC' })

        const off = await site.api(`${path}/${record._id}`, { method: 'PUT', token: admin, json: { payload: { active: false }, historical: deactivation } })
        expect(await json<CatalogRecord & { message: string }>(off)).toMatchObject({ message: 'Registro desactivado', active: false, [label]: 'Fundación Ñandú AC' })
        const options = await json<Option[]>(await site.api(option, { token: admin }))
        expect(options.map((entry) => entry.value)).not.toContain(record._id)
        expect(options.length).toBeGreaterThan(0)

        const on = await site.api(`${path}/${record._id}`, { method: 'PUT', token: admin, json: { payload: { active: true }, historical: activation } })
        expect(await json<{ message: string }>(on)).toMatchObject({ message: 'Registro activado' })
        expect(await json<Option[]>(await site.api(option, { token: admin }))).toContainEqual({ value: record._id, label: 'Fundación Ñandú AC' })
      })
    })
  }
})
