import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPgliteDatabase } from './pglite-database.ts'
import { freshSnapshotPath } from './pglite-snapshot.ts'

const tablesNamed = async (db: Awaited<ReturnType<typeof createPgliteDatabase>>, name: string) =>
  (await db.query<{ count: number }>(`select count(*)::int as count from pg_tables where tablename = $1`, [name])).rows[0]?.count

describe('in-memory PGlite databases start from a snapshot of a fresh one', () => {
  it('writes the snapshot of a fresh database, and a database loaded from it holds nothing another one wrote', async () => {
    const first = await createPgliteDatabase()
    await first.exec('create table del_primero (n integer)')
    expect((await stat(freshSnapshotPath())).size).toBeGreaterThan(0)
    const second = await createPgliteDatabase()
    expect(await tablesNamed(second, 'del_primero')).toBe(0)
    await second.exec('create table del_segundo (n integer); insert into del_segundo values (1)')
    expect((await second.query<{ n: number }>('select n from del_segundo')).rows).toEqual([{ n: 1 }])
    await Promise.all([first.close(), second.close()])
  })

  it('removes a snapshot that does not load and starts the database from scratch', async () => {
    writeFileSync(freshSnapshotPath(), 'no es un archivo tar')
    const db = await createPgliteDatabase()
    expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }])
    await db.close()
    // Rewritten from the fresh database that replaced it.
    expect(existsSync(freshSnapshotPath())).toBe(true)
    expect((await stat(freshSnapshotPath())).size).toBeGreaterThan(1000)
  })

  it('starts a new database on disk from the snapshot, and it keeps what is written across a restart', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pglite-instantanea-')), 'pglite')
    try {
      const first = await createPgliteDatabase(dataDir)
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true)
      await first.exec('create table guardada (n integer); insert into guardada values (7)')
      await first.close()
      const again = await createPgliteDatabase(dataDir)
      expect((await again.query<{ n: number }>('select n from guardada')).rows).toEqual([{ n: 7 }])
      await again.close()
    } finally {
      rmSync(dirname(dataDir), { recursive: true, force: true })
    }
  })
})
