import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { visitRecorded } from '@donaciones/contracts'
import { auditService } from '@donaciones/audit'
import { acquireDataDirLock, createPgDatabase, createPgliteDatabase, EventStore, ident, newEvent, type SqlDatabase } from '@donaciones/kit'
import { databaseEngines, realEngines, uniqueName } from '@donaciones/kit/testing'
import { runScript } from './support/processes.ts'

const visits = 9_000
const progressLine = /^audit\/counters: ([\d ]+)\/9 000 eventos \((\d+) %\)(, [\d ]+ eventos\/s(, faltan ~\d+ (s|min))?)?$/

/** Where the command finds its data: an embedded DATA_DIR, or a schema of its own on PostgreSQL. */
interface Place {
  env: Record<string, string>
  open(): Promise<SqlDatabase>
  schema: string
  cleanup(): Promise<void>
}

function embeddedPlace(): Place {
  const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-replay-'))
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => createPgliteDatabase(join(dataDir, 'pglite')),
    schema: 'audit',
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

function postgresPlace(databaseUrl: string): Place {
  const prefix = uniqueName('replay')
  const schema = `${prefix}_audit`
  return {
    env: { DATABASE_URL: databaseUrl, DB_SCHEMA_PREFIX: prefix },
    open: async () => createPgDatabase({ connectionString: databaseUrl, max: 2 }),
    schema,
    async cleanup() {
      const db = createPgDatabase({ connectionString: databaseUrl, max: 1 })
      await db.exec(`drop schema if exists ${ident(schema)} cascade`)
      await db.close()
    },
  }
}

/** The audit log with `visits` visits whose counter reads wrong, as a rebuild finds it. */
async function prepare(place: Place): Promise<void> {
  const db = await place.open()
  try {
    const store = new EventStore({ db, schema: place.schema, service: 'audit', definitions: auditService.events, projections: auditService.projections })
    await store.init()
    for (let start = 0; start < visits; start += 1_000) {
      await store.transaction((tx) =>
        store.appendNewStreamsIn(
          tx,
          Array.from({ length: 1_000 }, (_, index) => ({
            stream: `visit-${start + index}`,
            events: [newEvent(visitRecorded, { counter: 'visits' })],
            metadata: { actor: null, correlationId: `visita-${start + index}` },
          })),
        ),
      )
    }
    await db.query(`update ${ident(place.schema)}.counters set total = 1 where name = 'visits'`)
  } finally {
    await db.close()
  }
}

async function visitsCounted(place: Place): Promise<number> {
  const db = await place.open()
  try {
    const { rows } = await db.query<{ total: string | number }>(`select total from ${ident(place.schema)}.counters where name = 'visits'`)
    return Number(rows[0]?.total)
  } finally {
    await db.close()
  }
}

const places = databaseEngines.map((engine) => ({
  name: engine.name,
  make: () => (engine.name === 'pglite' ? embeddedPlace() : postgresPlace(realEngines.databaseUrl as string)),
}))

/** `npm run replay` as a Kubernetes Job runs it: output to pipes, no terminal. */
describe.each(places)('npm run replay without a terminal ($name)', ({ make }) => {
  const place = make()
  beforeAll(() => prepare(place), 120_000)
  afterAll(() => place.cleanup())

  it('prints a first line, a line per interval and a last one on stderr, and the result on stdout', async () => {
    const replay = runScript('platform/src/cli/replay.ts', ['audit', 'counters'], { ...place.env, PROGRESS_INTERVAL_MS: '0' })
    expect(await replay.exited).toBe(0)
    const lines = replay.stderr().trim().split('\n')
    expect(lines[0]).toMatch(/^Reconstruyendo audit\/counters en (la base embebida de .+|PostgreSQL \(esquema .+_audit\))…$/)
    const progress = lines.filter((line) => progressLine.test(line))
    // The first (0 %), one per page of 2,000 events, the whole.
    expect(progress.length).toBeGreaterThanOrEqual(5)
    expect(progress[0]).toBe('audit/counters: 0/9 000 eventos (0 %)')
    expect(progress.slice(1, -1).every((line) => / eventos\/s, faltan ~\d+ (s|min)/.test(line))).toBe(true)
    const done = progress.map((line) => Number(progressLine.exec(line)?.[1]?.replaceAll(' ', '')))
    expect(done).toEqual([...done].sort((a, b) => a - b))
    expect(done.at(-1)).toBe(visits)
    expect(lines.at(-1)).toMatch(/^audit\/counters: terminado, 9 000 eventos en \d+ s( \([\d ]+ eventos\/s\))?$/)
    expect(replay.stderr()).not.toContain('\r')
    expect(replay.stdout()).toBe('Proyección audit/counters reconstruida con 9000 eventos.\n')
    expect(await visitsCounted(place)).toBe(visits)
  })

  it('prints only the first and last lines when the rebuild is shorter than the interval', async () => {
    const replay = runScript('platform/src/cli/replay.ts', ['audit', 'counters'], { ...place.env, PROGRESS_INTERVAL_MS: '600000' })
    expect(await replay.exited).toBe(0)
    const lines = replay.stderr().trim().split('\n')
    expect(lines.slice(1)).toEqual(['audit/counters: 0/9 000 eventos (0 %)', expect.stringMatching(/^audit\/counters: terminado, 9 000 eventos en /)])
  })

  it('ends with 2 and the list of projections for one that does not exist', async () => {
    const replay = runScript('platform/src/cli/replay.ts', ['audit', 'contadores'], place.env)
    expect(await replay.exited).toBe(2)
    expect(replay.stderr()).toContain('El servicio audit no tiene la proyección contadores.')
    expect(replay.stderr()).toContain('Proyecciones disponibles:\n  identity users')
    expect(replay.stdout()).toBe('')
  })
})

describe('npm run replay failing', () => {
  it('says in Spanish that the database cannot be reached, without a stack trace', async () => {
    const replay = runScript('platform/src/cli/replay.ts', ['audit', 'counters'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres' })
    expect(await replay.exited).toBe(1)
    expect(replay.stderr()).toContain('No se pudo conectar con la base de datos (ECONNREFUSED): revise DATABASE_URL y que el servidor esté en marcha.')
    expect(replay.stderr()).not.toMatch(/\n\s+at /)
    expect(replay.stdout()).toBe('')
  })

  it('adds the stack trace with LOG_LEVEL=debug', async () => {
    const replay = runScript('platform/src/cli/replay.ts', ['audit', 'counters'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres', LOG_LEVEL: 'debug' })
    expect(await replay.exited).toBe(1)
    expect(replay.stderr()).toMatch(/\n\s+at /)
  })

  it('refuses a data directory another process holds', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'donaciones-replay-'))
    const lock = acquireDataDirLock(dataDir)
    try {
      const replay = runScript('platform/src/cli/replay.ts', ['audit', 'counters'], { DATA_DIR: dataDir, DATABASE_URL: '' })
      expect(await replay.exited).toBe(1)
      expect(replay.stderr()).toBe(
        `El directorio de datos ${dataDir} ya está en uso por el proceso ${process.pid}. Detenga ese proceso o use otro DATA_DIR: dos procesos sobre los mismos datos los dañarían.\nEn modo embebido la reconstrucción se hace con la plataforma detenida.\n`,
      )
    } finally {
      lock.release()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
