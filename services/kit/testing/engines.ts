import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { createPgDatabase, createPgliteDatabase, type SqlDatabase } from '../src/db/index.ts'

/**
 * Which engines the suites with an embedded and a real variant run on. TEST_ENGINES=embedded keeps
 * only PGlite and the in-process bus (the real-engine variables are ignored), TEST_ENGINES=real only
 * PostgreSQL and NATS; unset, the embedded ones always and the real ones when DATABASE_URL and
 * NATS_URL are set. CI gives each of its two Node.js runs one of them (decision 115).
 */
export type EngineSelection = 'embedded' | 'real' | 'both'

export function engineSelection(value: string | undefined): EngineSelection {
  if (value === undefined || value === '') return 'both'
  if (value === 'embedded' || value === 'real') return value
  throw new Error(`TEST_ENGINES debe ser embedded o real, no «${value}»`)
}

const selection = engineSelection(process.env.TEST_ENGINES)

/**
 * The real engines the contract suites also run against, and whether the embedded ones run.
 * With REQUIRE_REAL_ENGINES=1 (CI) a missing DATABASE_URL or NATS_URL is an error instead of a
 * skipped suite; so is TEST_ENGINES=real without them.
 */
export const realEngines = {
  databaseUrl: selection === 'embedded' ? undefined : process.env.DATABASE_URL,
  natsUrl: selection === 'embedded' ? undefined : process.env.NATS_URL,
  required: process.env.REQUIRE_REAL_ENGINES === '1',
  /** Whether the embedded variants (PGlite, the in-process bus) of the two-engine suites run. */
  embedded: selection !== 'real',
  /** Whether the real engines were left out on purpose (TEST_ENGINES=embedded). */
  excluded: selection === 'embedded',
}

if (realEngines.required && realEngines.excluded) {
  throw new Error('REQUIRE_REAL_ENGINES=1 no se combina con TEST_ENGINES=embedded')
}
if ((realEngines.required || selection === 'real') && (!realEngines.databaseUrl || !realEngines.natsUrl)) {
  throw new Error(`${selection === 'real' ? 'TEST_ENGINES=real' : 'REQUIRE_REAL_ENGINES=1'} pero faltan DATABASE_URL o NATS_URL`)
}

export interface DatabaseEngine {
  name: 'pglite' | 'postgres'
  open(): Promise<SqlDatabase>
}

export const databaseEngines: DatabaseEngine[] = [
  ...(realEngines.embedded ? [{ name: 'pglite' as const, open: () => createPgliteDatabase() }] : []),
  ...(realEngines.databaseUrl
    ? [{ name: 'postgres' as const, open: async () => createPgDatabase({ connectionString: realEngines.databaseUrl as string, max: 30 }) }]
    : []),
]

/** A schema name no other test uses, so suites can share one database. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`
}

/**
 * Whether a suite that needs an engine or a binary should be skipped: `missing` says what is
 * absent. With REQUIRE_REAL_ENGINES=1 nothing may be skipped for that reason, so the absence
 * throws and the run fails with the reason.
 */
export function skipWithout(missing: string | undefined): boolean {
  if (!missing) return false
  if (realEngines.required) throw new Error(`REQUIRE_REAL_ENGINES=1 pero ${missing}`)
  return true
}

/** Where nats-server is: on PATH, or where Debian (/usr/sbin) and the release archives put it. */
export function natsServerBinary(): string | undefined {
  const onPath = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir.startsWith('/'))
  return [...onPath, '/usr/sbin', '/usr/local/bin', '/usr/bin']
    .map((dir) => join(dir, 'nats-server'))
    .find((candidate) => existsSync(candidate))
}
