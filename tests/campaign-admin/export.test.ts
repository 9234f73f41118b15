import { readXlsx, readXlsxCells, type XlsxCell, type XlsxReadCell } from '@donaciones/xlsx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { json, type TestSite } from '../support/site.ts'
import { expectCalendarDay, expectMexicoCityDateTime } from '../support/xlsx-dates.ts'
import {
  campaignPayload,
  createCampaign,
  deactivation,
  expectStatus,
  startCampaignSite,
  type CampaignRefs,
  type CampaignView,
  type CatalogRecord,
} from './fixtures.ts'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** POST …/export answers a real .xlsx; opened with exceljs, its Spanish headers and rows are checked (issue 4). */
describe('exports of institutions, categories and campaigns', () => {
  let site: TestSite
  let admin = ''
  let refs: CampaignRefs

  beforeAll(async () => {
    ;({ site, admin, refs } = await startCampaignSite())
  }, 180_000)
  afterAll(() => site.stop())

  async function exportCells(path: string, selection: string[]): Promise<XlsxReadCell[][]> {
    const response = await site.api(path, { method: 'POST', token: admin, json: { selection } })
    await expectStatus(response.clone(), 200)
    return readXlsxCells(Buffer.from(await response.arrayBuffer()))
  }

  async function exportSheet(path: string, selection: string[], fileName: string): Promise<XlsxCell[][]> {
    const response = await site.api(path, { method: 'POST', token: admin, json: { selection } })
    await expectStatus(response.clone(), 200)
    expect(response.headers.get('content-type')).toContain(XLSX)
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`)
    const bytes = Buffer.from(await response.arrayBuffer())
    // An .xlsx is a zip archive: 'PK'.
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK')
    return readXlsx(bytes)
  }

  for (const { path, label, header, fileName, existing } of [
    { path: '/api/institutions', label: 'name', header: 'Nombre', fileName: 'instituciones.xlsx', existing: 'Hospital Aliado' },
    { path: '/api/categories', label: 'title', header: 'Título', fileName: 'categorias.xlsx', existing: 'Salud' },
  ] as const) {
    describe(path, () => {
      let first: CatalogRecord
      let second: CatalogRecord

      beforeAll(async () => {
        const create = async (value: string, description: string) =>
          json<CatalogRecord>(await site.api(path, { method: 'POST', token: admin, json: { [label]: value, description } }))
        first = await create('Niñez Feliz', 'Apoyo a la niñez')
        second = await create('Árboles de México', 'Reforestación')
        await site.api(`${path}/${second._id}`, { method: 'PUT', token: admin, json: { payload: { active: false }, historical: deactivation } })
      })

      it('a selection exports only those records, with the Spanish headers', async () => {
        const rows = await exportSheet(`${path}/export`, [first._id], fileName)
        expect(rows[0]).toEqual([header, 'Descripción', 'Activo', 'Fecha de creación'])
        expect(rows).toHaveLength(2)
        expect(rows[1]?.slice(0, 3)).toEqual(['Niñez Feliz', 'Apoyo a la niñez', 'Sí'])
        // A real date-time cell: when it was created, on Mexico City's clock.
        const record = await json<CatalogRecord & { createdAt: string }>(await site.api(`${path}/${first._id}`, { token: admin }))
        expectMexicoCityDateTime((await exportCells(`${path}/export`, [first._id]))[1]?.[3], record.createdAt)
      })

      it('an empty selection exports every record, inactive ones included', async () => {
        const rows = await exportSheet(`${path}/export`, [], fileName)
        expect(rows[0]).toEqual([header, 'Descripción', 'Activo', 'Fecha de creación'])
        const byLabel = new Map(rows.slice(1).map((row) => [row[0], row.slice(1, 3)]))
        expect(byLabel.size).toBe(rows.length - 1)
        const list = await json<CatalogRecord[]>(await site.api(path, { token: admin }))
        expect([...byLabel.keys()].sort()).toEqual(list.map((record) => record[label]).sort())
        expect(byLabel.get('Niñez Feliz')).toEqual(['Apoyo a la niñez', 'Sí'])
        expect(byLabel.get('Árboles de México')).toEqual(['Reforestación', 'No'])
        expect(byLabel.has(existing)).toBe(true)
      })

      it('refuses a selection that is not a list of ids', async () => {
        const response = await site.api(`${path}/export`, { method: 'POST', token: admin, json: { selection: 'todo' } })
        expect(response.status).toBe(422)
      })
    })
  }

  describe('/api/campaigns', () => {
    let withInstitution: CampaignView
    let without: CampaignView
    let third: CampaignView
    const headers = ['Título', 'Descripción', 'Categorías', 'Institución', 'Meta (MXN)', 'Duración (días)', 'Fecha de publicación', 'Me gusta', 'Visitas', 'Activo']

    beforeAll(async () => {
      const education = await json<CatalogRecord>(await site.api('/api/categories', { method: 'POST', token: admin, json: { title: 'Educación', description: 'Escuelas' } }))
      withInstitution = await createCampaign(
        site,
        admin,
        campaignPayload(refs, { title: 'Útiles escolares', description: 'Cuadernos', categories: [refs.category.value, education._id], goal: 250_000, duration: 60, date: '2026-05-10' }),
      )
      without = await createCampaign(site, admin, campaignPayload(refs, { title: 'Sin institución', description: 'Sola', institution: null, goal: 0, duration: 1, date: '2026-06-01' }))
      third = await createCampaign(site, admin, campaignPayload(refs, { title: 'Tercera' }))
      await site.api(`/api/public/campaigns/${without.slug}/visit`, { method: 'POST', headers: { 'x-forwarded-for': '10.7.0.1' } })
      await site.api(`/api/public/campaigns/${without.slug}/visit`, { method: 'POST', headers: { 'x-forwarded-for': '10.7.0.2' } })
      await site.api(`/api/public/campaigns/${without.slug}/like`, { method: 'POST' })
      await site.api(`/api/campaigns/${third._id}`, { method: 'PUT', token: admin, json: { payload: { active: false }, historical: deactivation } })
    })

    it('a selection exports those campaigns: categories joined, institution or N/A, numbers as numbers', async () => {
      const rows = await exportSheet('/api/campaigns/export', [withInstitution._id, without._id], 'campanas.xlsx')
      expect(rows[0]).toEqual(headers)
      expect(rows).toHaveLength(3)
      const byTitle = new Map(rows.slice(1).map((row) => [row[0], row]))
      const day = (text: string) => new Date(`${text}T00:00:00.000Z`)
      expect(byTitle.get('Útiles escolares')).toEqual(['Útiles escolares', 'Cuadernos', 'Salud, Educación', 'Hospital Aliado', 250_000, 60, day('2026-05-10'), 0, 0, 'Sí'])
      expect(byTitle.get('Sin institución')).toEqual(['Sin institución', 'Sola', 'Salud', 'N/A', 0, 1, day('2026-06-01'), 1, 2, 'Sí'])
      // The publication date is a calendar day: a real date cell of that day, whatever the time zone.
      const cells = await exportCells('/api/campaigns/export', [withInstitution._id])
      expectCalendarDay(cells[1]?.[6], '2026-05-10')
    })

    it('an empty selection exports every campaign, inactive ones included', async () => {
      const rows = await exportSheet('/api/campaigns/export', [], 'campanas.xlsx')
      expect(rows[0]).toEqual(headers)
      expect(rows.slice(1).map((row) => row[0]).sort()).toEqual(['Sin institución', 'Tercera', 'Útiles escolares'].sort())
      expect(rows.find((row) => row[0] === 'Tercera')?.[9]).toBe('No')
    })

    it('unknown ids in a selection export only the header', async () => {
      const rows = await exportSheet('/api/campaigns/export', ['00000000-0000-4000-8000-000000000000'], 'campanas.xlsx')
      expect(rows).toEqual([headers])
    })
  })
})
