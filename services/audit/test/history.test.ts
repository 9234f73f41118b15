import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { categoryCreated, institutionCreated, userCreated } from '@donaciones/contracts'
import { newEvent, replayProjection } from '@donaciones/kit'
import type { EmbeddedPlatform } from '@donaciones/platform'
import { startTestSite, type TestSite } from '../../../tests/support/site.ts'
import { categoryKind } from '../../campaign/src/catalog-kinds.ts'
import { createCatalogRecord, toggleCatalogRecord, updateCatalogRecord } from '../../campaign/src/commands/catalog-commands.ts'
import { historyProjection } from '../src/projections/history.ts'
import { listHistory } from '../src/projections/history-queries.ts'

describe('audit: the change history built from the other services’ events', () => {
  let site: TestSite
  let platform: EmbeddedPlatform

  beforeAll(async () => {
    site = await startTestSite()
    platform = site.platform
  })
  afterAll(() => site?.stop())

  it('records creation, update and deactivation with cause, justification and title within 2 seconds, and replays to the same list', async () => {
    const audit = platform.runtimes.audit.context
    const command = { store: platform.runtimes.campaign.context.store, actor: randomUUID(), correlationId: 'prueba' }
    const id = await createCatalogRecord(command, categoryKind, { title: 'Vivienda', description: 'Techo digno' })
    await updateCatalogRecord(command, categoryKind, id, { title: 'Vivienda digna', description: 'Techo digno' }, { cause: 'Actualización', description: 'Nombre más claro' })
    const started = Date.now()
    await toggleCatalogRecord(command, categoryKind, id, false, { cause: 'Desactivación', description: 'Se fusiona con otra' })

    let entries = await listHistory(audit.db, audit.store.schema, { module: 'category', document: id })
    while (entries.length < 3 && Date.now() - started < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      entries = await listHistory(audit.db, audit.store.schema, { module: 'category', document: id })
    }
    expect(entries.map((entry) => [entry.cause, entry.description, entry.title, entry.label])).toEqual([
      ['Desactivación', 'Se fusiona con otra', 'Vivienda digna', 'Categoría'],
      ['Actualización', 'Nombre más claro', 'Vivienda digna', 'Categoría'],
      ['Creación', '', 'Vivienda', 'Categoría'],
    ])
    const today = new Date(Date.now() - 6 * 3600 * 1000).toISOString().slice(0, 10)
    expect((await listHistory(audit.db, audit.store.schema, { date: today, document: id })).length).toBe(3)
    expect(await listHistory(audit.db, audit.store.schema, { date: '2000-01-01' })).toEqual([])

    const before = await listHistory(audit.db, audit.store.schema, {})
    await replayProjection({ store: audit.store, projection: historyProjection })
    expect(await listHistory(audit.db, audit.store.schema, {})).toEqual(before)
  })

  it('replays page by page to the same list, and the next live change after it still finds the title and the key', async () => {
    const audit = platform.runtimes.audit.context
    const command = { store: platform.runtimes.campaign.context.store, actor: randomUUID(), correlationId: 'prueba' }
    const entriesOf = async (id: string, count: number) => {
      let entries = await listHistory(audit.db, audit.store.schema, { module: 'category', document: id })
      for (let tries = 0; entries.length < count && tries < 40; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        entries = await listHistory(audit.db, audit.store.schema, { module: 'category', document: id })
      }
      return entries
    }
    const id = await createCatalogRecord(command, categoryKind, { title: 'Educación', description: 'Becas' })
    await updateCatalogRecord(command, categoryKind, id, { title: 'Educación básica', description: 'Becas' }, { cause: 'Actualización', description: 'Nombre' })
    expect(await entriesOf(id, 2)).toHaveLength(2)

    const before = await listHistory(audit.db, audit.store.schema, {})
    // One event a page: titles must carry over from one page to the next.
    await replayProjection({ store: audit.store, projection: historyProjection, pageSize: 1 })
    expect(await listHistory(audit.db, audit.store.schema, {})).toEqual(before)

    await toggleCatalogRecord(command, categoryKind, id, false, { cause: 'Desactivación', description: 'Cierre' })
    const entries = await entriesOf(id, 3)
    expect(entries.map((entry) => [entry.cause, entry.title])).toEqual([
      ['Desactivación', 'Educación básica'],
      ['Actualización', 'Educación básica'],
      ['Creación', 'Educación'],
    ])
  })

  it('lists changes of one record made within the same millisecond newest first, by the record’s version', async () => {
    const audit = platform.runtimes.audit.context
    const command = { store: platform.runtimes.campaign.context.store, actor: randomUUID(), correlationId: 'prueba' }
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T18:00:00.000Z') })
    let id: string
    try {
      id = await createCatalogRecord(command, categoryKind, { title: 'Salud', description: 'Consultas' })
      await updateCatalogRecord(command, categoryKind, id, { title: 'Salud y bienestar', description: 'Consultas' }, { cause: 'Actualización', description: 'Título' })
      await toggleCatalogRecord(command, categoryKind, id, false, { cause: 'Desactivación', description: 'Pausa' })
    } finally {
      vi.useRealTimers()
    }
    let entries = await listHistory(audit.db, audit.store.schema, { module: 'category', document: id })
    for (let tries = 0; entries.length < 3 && tries < 40; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      entries = await listHistory(audit.db, audit.store.schema, { module: 'category', document: id })
    }
    expect(new Set(entries.map((entry) => entry.createdAt)).size).toBe(1)
    expect(entries.map((entry) => entry.cause)).toEqual(['Desactivación', 'Actualización', 'Creación'])
  })

  it("gives the setup's records stored without an author the administrator that setup request created, whichever arrives first, also on a replay", async () => {
    const audit = platform.runtimes.audit.context
    const campaignStore = platform.runtimes.campaign.context.store
    // A site configured before the wizard named an author: its catalog events carry none, and share
    // the setup request's correlation id with the administrator's creation.
    const setupRequest = randomUUID()
    const unattributed = { actor: null, correlationId: setupRequest }
    const adminId = randomUUID()
    const categoryId = randomUUID()
    const institutionId = randomUUID()
    await campaignStore.append(`category-${categoryId}`, [newEvent(categoryCreated, { categoryId, title: 'Salud anterior', description: 'Consultas', active: true })], {
      expectedVersion: 0,
      metadata: unattributed,
    })
    await platform.runtimes.identity.context.store.append(
      `user-${adminId}`,
      [
        newEvent(userCreated, {
          userId: adminId, name: 'Primera', lastName: 'Administradora', email: `${adminId}@fundacion.mx`, thumbnail: null, picture: null,
          role: 0, permissions: [], active: true, changePassword: false, origin: 'setup',
        }),
      ],
      { expectedVersion: 0, metadata: { actor: adminId, correlationId: setupRequest } },
    )
    const authorOf = async (module: 'category' | 'institution', document: string) =>
      (await listHistory(audit.db, audit.store.schema, { module, document })).map((entry) => [entry.cause, entry.createdBy?.fullName ?? null])
    // The category was created before the administrator arrived; the institution arrives after him.
    await expect.poll(() => authorOf('category', categoryId), { timeout: 30_000 }).toEqual([['Creación', 'Primera Administradora']])
    await campaignStore.append(
      `institution-${institutionId}`,
      [newEvent(institutionCreated, { institutionId, name: 'Hospital anterior', description: 'Aliado', active: true })],
      { expectedVersion: 0, metadata: unattributed },
    )
    await expect.poll(() => authorOf('institution', institutionId), { timeout: 30_000 }).toEqual([['Creación', 'Primera Administradora']])
    // A record created without an author by another request stays without one.
    const other = randomUUID()
    await campaignStore.append(`category-${other}`, [newEvent(categoryCreated, { categoryId: other, title: 'Sin autor', description: 'd', active: true })], {
      expectedVersion: 0,
      metadata: { actor: null, correlationId: randomUUID() },
    })
    await expect.poll(() => authorOf('category', other), { timeout: 30_000 }).toEqual([['Creación', null]])

    const before = await listHistory(audit.db, audit.store.schema, {})
    // A site whose history was built before this rule: its rows have no author until a replay.
    await audit.db.query(`update ${audit.store.schema}.history set created_by = null where document = any($1::text[])`, [[categoryId, institutionId]])
    expect(await authorOf('category', categoryId)).toEqual([['Creación', null]])
    await replayProjection({ store: audit.store, projection: historyProjection })
    expect(await listHistory(audit.db, audit.store.schema, {})).toEqual(before)
    expect(await authorOf('category', categoryId)).toEqual([['Creación', 'Primera Administradora']])
    expect(await authorOf('category', other)).toEqual([['Creación', null]])
  })
})
