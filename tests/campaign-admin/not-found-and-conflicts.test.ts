import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forEachEngine, json, type TestSite } from '../support/site.ts'
import {
  campaignPayload,
  createCampaign,
  deactivation,
  expectStatus,
  startCampaignSite,
  update,
  type CampaignRefs,
  type CampaignView,
  type CatalogRecord,
  type ErrorBody,
} from './fixtures.ts'

const unknownId = '00000000-0000-4000-8000-000000000000'

/** 404 for unknown ids and 409 'Registro ya existente' for duplicates, compared without case (issue 4). */
forEachEngine('unknown records and duplicates', (engine) => {
  let site: TestSite
  let admin = ''
  let member = ''
  let refs: CampaignRefs

  beforeAll(async () => {
    ;({ site, admin, refs, member } = await startCampaignSite('comenta@correo.mx', engine))
  }, 180_000)
  afterAll(() => site.stop())

  describe('404 for unknown ids', () => {
    const cases: [string, () => Promise<Response>][] = [
      ['GET /api/institutions/{id}', () => site.api(`/api/institutions/${unknownId}`, { token: admin })],
      ['PUT /api/institutions/{id}', () => site.api(`/api/institutions/${unknownId}`, { method: 'PUT', token: admin, json: { payload: { name: 'Nadie', description: 'x' }, historical: update } })],
      ['PUT /api/institutions/{id} (toggle)', () => site.api(`/api/institutions/${unknownId}`, { method: 'PUT', token: admin, json: { payload: { active: false }, historical: deactivation } })],
      ['GET /api/categories/{id}', () => site.api(`/api/categories/${unknownId}`, { token: admin })],
      ['PUT /api/categories/{id}', () => site.api(`/api/categories/${unknownId}`, { method: 'PUT', token: admin, json: { payload: { title: 'Nadie', description: 'x' }, historical: update } })],
      ['PUT /api/categories/{id} (toggle)', () => site.api(`/api/categories/${unknownId}`, { method: 'PUT', token: admin, json: { payload: { active: false }, historical: deactivation } })],
      ['GET /api/campaigns/{id}', () => site.api(`/api/campaigns/${unknownId}`, { token: admin })],
      ['GET /api/campaigns/{id} (not a uuid)', () => site.api('/api/campaigns/no-existe', { token: admin })],
      ['GET /api/campaigns/edit/{id}', () => site.api(`/api/campaigns/edit/${unknownId}`, { token: admin })],
      ['PUT /api/campaigns/{id}', () => site.api(`/api/campaigns/${unknownId}`, { method: 'PUT', token: admin, json: { payload: campaignPayload(refs), historical: update } })],
      ['PUT /api/campaigns/{id} (toggle)', () => site.api(`/api/campaigns/${unknownId}`, { method: 'PUT', token: admin, json: { payload: { active: false }, historical: deactivation } })],
      ['POST /api/campaigns/{id}/comments', () => site.api(`/api/campaigns/${unknownId}/comments`, { method: 'POST', token: member, json: { comment: 'Hola', campaign: unknownId } })],
      ['PUT /api/comments/{id}', () => site.api(`/api/comments/${unknownId}`, { method: 'PUT', token: admin })],
      ['GET /api/public/campaigns/{slug}', () => site.api('/api/public/campaigns/no-existe')],
      ['GET /api/public/campaigns/{slug}/comments', () => site.api('/api/public/campaigns/no-existe/comments')],
    ]
    for (const [name, call] of cases) {
      it(`${name} → 404 with a Spanish message`, async () => {
        const response = await call()
        expect(response.status).toBe(404)
        const body = await json<ErrorBody>(response)
        expect(body.message).toMatch(/no encontrad|no existe/i)
      })
    }

    it('an unknown update creates nothing', async () => {
      const list = await json<CatalogRecord[]>(await site.api('/api/institutions', { token: admin }))
      expect(list.map((record) => record.name)).not.toContain('Nadie')
      expect(list.map((record) => record._id)).not.toContain(unknownId)
    })
  })

  describe("409 'Registro ya existente'", () => {
    const expectConflict = async (response: Response) => {
      const body = await json<ErrorBody>(response)
      expect({ status: response.status, message: body.message }).toEqual({ status: 409, message: 'Registro ya existente' })
    }

    for (const { path, label, existing } of [
      { path: '/api/institutions', label: 'name', existing: 'Hospital Aliado' },
      { path: '/api/categories', label: 'title', existing: 'Salud' },
    ] as const) {
      it(`${path}: a duplicate ${label} in another case is refused on create`, async () => {
        await expectConflict(await site.api(path, { method: 'POST', token: admin, json: { [label]: existing.toUpperCase(), description: 'Duplicada' } }))
        await expectConflict(await site.api(path, { method: 'POST', token: admin, json: { [label]: ` ${existing.toLowerCase()} `, description: 'Duplicada' } }))
        const list = await json<CatalogRecord[]>(await site.api(path, { token: admin }))
        expect(list.filter((record) => (record[label] ?? '').toLowerCase() === existing.toLowerCase())).toHaveLength(1)
      })

      it(`${path}: renaming onto another record's ${label} is refused; keeping one's own is not`, async () => {
        const created = await site.api(path, { method: 'POST', token: admin, json: { [label]: `Otra ${label}`, description: 'Original' } })
        await expectStatus(created.clone(), 201)
        const { _id } = await json<CatalogRecord>(created)
        await expectConflict(await site.api(`${path}/${_id}`, { method: 'PUT', token: admin, json: { payload: { [label]: existing.toLowerCase(), description: 'x' }, historical: update } }))
        const same = await site.api(`${path}/${_id}`, { method: 'PUT', token: admin, json: { payload: { [label]: `OTRA ${label}`, description: 'Cambiada' }, historical: update } })
        await expectStatus(same, 200)
        const record = await json<CatalogRecord>(await site.api(`${path}/${_id}`, { token: admin }))
        expect({ label: record[label], description: record.description }).toEqual({ label: `OTRA ${label}`, description: 'Cambiada' })
      })
    }

    it('/api/campaigns: a duplicate title in another case is refused on create and on rename', async () => {
      const first = await createCampaign(site, admin, campaignPayload(refs, { title: 'Útiles para Niños' }))
      await expectConflict(await site.api('/api/campaigns', { method: 'POST', token: admin, json: campaignPayload(refs, { title: 'ÚTILES PARA NIÑOS' }) }))
      const second = await createCampaign(site, admin, campaignPayload(refs, { title: 'Otra campaña' }))
      await expectConflict(await site.api(`/api/campaigns/${second._id}`, { method: 'PUT', token: admin, json: { payload: campaignPayload(refs, { title: 'útiles para niños' }), historical: update } }))
      const kept = await site.api(`/api/campaigns/${first._id}`, { method: 'PUT', token: admin, json: { payload: campaignPayload(refs, { title: 'Útiles Para Niños' }), historical: update } })
      await expectStatus(kept, 200)
      const list = await json<CampaignView[]>(await site.api('/api/campaigns', { token: admin }))
      expect(list.filter((campaign) => campaign.title.toLowerCase() === 'útiles para niños').map((campaign) => campaign._id)).toEqual([first._id])
      expect(list.find((campaign) => campaign._id === second._id)?.title).toBe('Otra campaña')
    })

    it('concurrent creates of one institution name: exactly one is stored, the others get 409', async () => {
      const responses = await Promise.all(
        ['Banco de Alimentos', 'BANCO DE ALIMENTOS', 'banco de alimentos', 'Banco De Alimentos'].map((name) =>
          site.api('/api/institutions', { method: 'POST', token: admin, json: { name, description: 'Carrera' } }),
        ),
      )
      const outcomes = await Promise.all(responses.map(async (response) => `${response.status} ${(await json<{ message: string }>(response)).message}`))
      expect(outcomes.sort()).toEqual(['201 Registro guardado', '409 Registro ya existente', '409 Registro ya existente', '409 Registro ya existente'])
      const list = await json<CatalogRecord[]>(await site.api('/api/institutions', { token: admin }))
      expect(list.filter((record) => record.name?.toLowerCase() === 'banco de alimentos')).toHaveLength(1)
    })

    it('concurrent campaigns with different titles that share a slug are all created, with distinct slugs', async () => {
      const titles = ['Ayuda Niños', 'Ayuda Ninos', 'Ayuda niños!', '¡Ayuda, niños!']
      const responses = await Promise.all(titles.map((title) => site.api('/api/campaigns', { method: 'POST', token: admin, json: campaignPayload(refs, { title }) })))
      const bodies = await Promise.all(responses.map(async (response) => ({ status: response.status, body: await json<CampaignView & ErrorBody>(response) })))
      expect(bodies.map(({ status, body }) => `${status} ${body.message}`)).toEqual(titles.map(() => '201 Registro guardado'))
      expect(bodies.map(({ body }) => body.slug).sort()).toEqual(['ayuda-ninos', 'ayuda-ninos-2', 'ayuda-ninos-3', 'ayuda-ninos-4'])
      for (const { body } of bodies) {
        const page = await json<CampaignView>(await site.api(`/api/public/campaigns/${body.slug}`))
        expect({ slug: body.slug, title: page.title }).toEqual({ slug: body.slug, title: body.title })
      }
    })
  })
})
