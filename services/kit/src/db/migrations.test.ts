import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseEngines, uniqueName } from '../../testing/engines.ts'
import { runMigrations, type Migration } from './migrations.ts'
import type { SqlDatabase } from './sql.ts'

const first: Migration = { id: '001-notes', sql: (s) => `create table ${s}.notes (id text primary key)` }
const second: Migration = { id: '002-notes-body', sql: (s) => `alter table ${s}.notes add column body text not null default ''` }

describe.each(databaseEngines)('runMigrations on $name', (engine) => {
  let db: SqlDatabase
  beforeAll(async () => {
    db = await engine.open()
  })
  afterAll(() => db.close())

  const recorded = async (schema: string) => (await db.query<{ id: string }>(`select id from "${schema}".schema_migrations order by id`)).rows.map((row) => row.id)

  it('applies each migration once, in order, and records it', async () => {
    const schema = uniqueName('migr')
    expect(await runMigrations(db, schema, [first])).toEqual(['001-notes'])
    expect(await runMigrations(db, schema, [first, second])).toEqual(['002-notes-body'])
    expect(await runMigrations(db, schema, [first, second])).toEqual([])
    expect(await recorded(schema)).toEqual(['001-notes', '002-notes-body'])
    await db.query(`insert into "${schema}".notes (id) values ('a')`)
    expect((await db.query<{ body: string }>(`select body from "${schema}".notes`)).rows).toEqual([{ body: '' }])
  })

  it('rolls back a failing list whole, recording nothing of it', async () => {
    const schema = uniqueName('migr')
    const broken: Migration = { id: '002-broken', sql: (s) => `alter table ${s}.missing add column x text` }
    await expect(runMigrations(db, schema, [first, broken])).rejects.toThrow()
    expect(await runMigrations(db, schema, [first, second])).toEqual(['001-notes', '002-notes-body'])
  })

  it('refuses a list with an id twice', async () => {
    await expect(runMigrations(db, uniqueName('migr'), [first, first])).rejects.toThrow('Migración repetida')
  })

  it('applies a list once when several starts run it at the same time', async () => {
    const schema = uniqueName('migr')
    const results = await Promise.all(Array.from({ length: 5 }, () => runMigrations(db, schema, [first, second])))
    expect(results.flat().sort()).toEqual(['001-notes', '002-notes-body'])
    expect(await recorded(schema)).toEqual(['001-notes', '002-notes-body'])
  })
})
