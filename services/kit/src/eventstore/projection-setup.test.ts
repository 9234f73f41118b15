import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlDatabase } from '../db/index.ts'
import { replayProjection } from '../messaging/replay.ts'
import { databaseEngines, uniqueName } from '../../testing/engines.ts'
import { sampleDefinitions, sampleNoted, testMetadata } from '../../testing/sample-events.ts'
import { on } from './event-handlers.ts'
import { EventStore, newEvent } from './event-store.ts'
import type { Projection } from './projection.ts'
import { ident } from '../db/ident.ts'
import { typedProjection } from './typed-projection.ts'

/** The notes table as first released: one row per SampleNoted. */
const firstRelease = typedProjection({
  name: 'notes',
  tables: ['notes'],
  async setup(db, schema) {
    await db.exec(`create table if not exists ${ident(schema)}.notes (text text primary key)`)
  },
  handlers: [on(sampleNoted, async ({ text }, _event, tx, schema) => void (await tx.query(`insert into ${ident(schema)}.notes (text) values ($1)`, [text])))],
})

/** The same projection after a later release added a column: a plain `add column` fails if run twice. */
const withKind: Projection = {
  ...firstRelease,
  migrations: [{ id: 'kind', sql: (s) => `alter table ${s}.notes add column kind text not null default 'nota'` }],
}

describe.each(databaseEngines)('projection schema changes on $name', (engine) => {
  let db: SqlDatabase
  const schema = uniqueName('projection_setup')
  const storeWith = (projection: Projection) => new EventStore({ db, schema, service: 'audit', definitions: sampleDefinitions, projections: [projection] })
  const columns = async () =>
    (await db.query<{ name: string }>(`select column_name as name from information_schema.columns where table_schema = $1 and table_name = 'notes' order by 1`, [schema])).rows.map((row) => row.name)

  beforeAll(async () => {
    db = await engine.open()
    const first = storeWith(firstRelease)
    await first.init()
    await first.append('sample-1', [newEvent(sampleNoted, { text: 'antes', weight: 1 })], { expectedVersion: 0, metadata: testMetadata })
  })

  afterAll(async () => {
    await db.exec(`drop schema if exists ${ident(schema)} cascade`)
    await db.close()
  })

  it('applies a later migration once to tables made by the first release, recorded under the projection name', async () => {
    await storeWith(withKind).init()
    await storeWith(withKind).init()
    expect(await columns()).toEqual(['kind', 'text'])
    expect((await db.query(`select text, kind from ${ident(schema)}.notes`)).rows).toEqual([{ text: 'antes', kind: 'nota' }])
    const { rows } = await db.query<{ id: string }>(`select id from ${ident(schema)}.schema_migrations`)
    expect(rows.map((row) => row.id)).toEqual(['notes:kind'])
  })

  it('replay recreates the tables as the first release made them and then as every migration changed them', async () => {
    const store = storeWith(withKind)
    await replayProjection({ store, projection: withKind })
    expect(await columns()).toEqual(['kind', 'text'])
    expect((await db.query(`select text, kind from ${ident(schema)}.notes`)).rows).toEqual([{ text: 'antes', kind: 'nota' }])
  })
})
