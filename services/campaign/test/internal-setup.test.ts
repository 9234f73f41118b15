import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callService, ident, type ServiceContext } from '@donaciones/kit'
import type { EmbeddedPlatform } from '@donaciones/platform'
import { startTestSite, type TestSite } from '../../../tests/support/site.ts'

describe('campaign: the setup wizard catalog step', () => {
  let site: TestSite
  let platform: EmbeddedPlatform
  let campaign: ServiceContext

  beforeAll(async () => {
    site = await startTestSite()
    platform = site.platform
    campaign = platform.runtimes.campaign.context
  })
  afterAll(() => site?.stop())

  const post = (body: unknown) => callService<{ categoryId: string; institutionId: string | null; message?: string }>(campaign.directory, 'campaign', '/internal/setup/catalog', { body })
  const rows = async (table: 'categories' | 'institutions') =>
    (await campaign.db.query<{ id: string }>(`select id from ${ident(campaign.store.schema)}.${table} order by id`)).rows.map((row) => row.id)

  const request = {
    setupId: 'setup-a',
    actor: null,
    category: { title: 'Salud', description: 'Campañas de salud' },
    institution: { name: 'Fundación Ejemplo', description: 'Institución aliada' },
  }

  it('creates the category and institution once, whatever the number of retries', async () => {
    const first = await post(request)
    expect(first.status).toBe(200)
    const again = await post(request)
    expect(again.body).toEqual(first.body)
    expect(await rows('categories')).toEqual([first.body.categoryId])
    expect(await rows('institutions')).toEqual([first.body.institutionId])
  })

  it('refuses another record with the same title', async () => {
    const response = await post({ ...request, setupId: 'setup-b', institution: null, category: { title: 'SALUD', description: 'otra' } })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('Registro ya existente')
    expect(await rows('categories')).toHaveLength(1)
  })

  it('undoes a setup and lets a retry create it again', async () => {
    const undo = await callService(campaign.directory, 'campaign', '/internal/setup/catalog/setup-a', { method: 'DELETE' })
    expect(undo.status).toBe(204)
    expect(await rows('categories')).toEqual([])
    expect(await rows('institutions')).toEqual([])
    const retry = await post(request)
    expect(retry.status).toBe(200)
    expect(await rows('categories')).toEqual([retry.body.categoryId])
  })

  it('validates the request with the Spanish messages', async () => {
    const response = await post({ ...request, setupId: 'setup-c', category: { title: '', description: 'x'.repeat(201) } })
    expect(response.status).toBe(422)
    expect(JSON.stringify(response.body)).toContain('Campo requerido')
  })

  it('is not reachable without the internal token, nor through the gateway', async () => {
    const [url] = campaign.directory.urlsOf('campaign')
    expect((await fetch(`${url}/internal/setup/catalog`, { method: 'POST' })).status).toBe(404)
    expect((await fetch(`${platform.url}/internal/setup/catalog`, { method: 'POST' })).status).toBe(404)
  })
})
