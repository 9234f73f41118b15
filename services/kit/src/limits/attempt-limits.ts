import { randomUUID } from 'node:crypto'
import type { Migration, SqlDatabase, SqlExecutor } from '../db/index.ts'
import { stableLockKey } from '../db/lock-key.ts'
import { ident } from '../db/ident.ts'

/**
 * Attempt limits kept in the database, so every replica counts the same attempts: sign-ins per
 * e-mail and address, donations per address, e-mail and card, declines before a block.
 * A key names who is counted ('login:email:ana@x.mx', 'ip:10.0.0.1'); a kind what is counted.
 */
export interface AttemptLimit {
  key: string
  /** Which rows count against this limit (default 'attempt'). */
  kind?: string
  max: number
  windowMs: number
}

export interface AttemptRow {
  key: string
  kind?: string
}

export type AttemptVerdict =
  | { allowed: true; attemptId: string }
  /** `limit` is the first one reached, in the order the limits were given. */
  | { allowed: false; waitSeconds: number; limit: AttemptLimit }

const DEFAULT_KIND = 'attempt'
/** Rows are kept at least a day (the longest window any limit uses), and pruned at most once a minute. */
const MIN_RETENTION_MS = 24 * 60 * 60 * 1000
const PRUNE_INTERVAL_MS = 60_000
const lastPruned = new Map<string, number>()

function attemptTableSql(s: string): string {
  return `
    create table if not exists ${s}.attempts (
      key text not null,
      kind text not null,
      at timestamptz not null,
      attempt_id uuid not null
    );
    create index if not exists attempts_by_key on ${s}.attempts (key, kind, at);
    create index if not exists attempts_by_id on ${s}.attempts (attempt_id);
    create index if not exists attempts_by_age on ${s}.attempts (at);
  `
}

/** The attempt log, for the migration list of each service that limits attempts. */
export const attemptsMigration: Migration = { id: 'kit-attempts', sql: attemptTableSql }

export async function createAttemptTable(db: SqlExecutor, schema: string): Promise<void> {
  await db.exec(attemptTableSql(ident(schema)))
}

/**
 * For each limit in `limits`, the times (ms) of its most recent rows inside its window, newest
 * first, at most `max` of them: the limit is reached when there are `max`, and the last one
 * leaves the window first.
 */
async function recentOf(db: SqlExecutor, schema: string, limits: readonly { limit: AttemptLimit; now: Date }[]): Promise<number[][]> {
  if (limits.length === 0) return []
  const { rows } = await db.query<{ position: string | number; recent: (number | string)[] }>(
    `select l.position, array(
       select (extract(epoch from a.at) * 1000)::float8 from ${ident(schema)}.attempts a
       where a.key = l.key and a.kind = l.kind and a.at > l.since
       order by a.at desc limit l.max
     ) as recent
     from unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[]) with ordinality as l(key, kind, since, max, position)`,
    [
      limits.map(({ limit }) => limit.key),
      limits.map(({ limit }) => limit.kind ?? DEFAULT_KIND),
      limits.map(({ limit, now }) => new Date(now.getTime() - limit.windowMs).toISOString()),
      limits.map(({ limit }) => limit.max),
    ],
  )
  const recent: number[][] = limits.map(() => [])
  for (const row of rows) recent[Number(row.position) - 1] = row.recent.map(Number)
  return recent
}

/** Adds rows for one attempt (also used alone, e.g. to count a decline after the fact). */
export async function recordAttempt(db: SqlExecutor, schema: string, rows: readonly AttemptRow[], attemptId: string = randomUUID(), now = new Date()): Promise<string> {
  if (rows.length === 0) return attemptId
  await db.query(
    `insert into ${ident(schema)}.attempts (key, kind, at, attempt_id)
     select key, kind, $3, $4 from unnest($1::text[], $2::text[]) as r(key, kind)`,
    [rows.map((row) => row.key), rows.map((row) => row.kind ?? DEFAULT_KIND), now.toISOString(), attemptId],
  )
  return attemptId
}

async function pruneOld(db: SqlExecutor, schema: string, limits: readonly AttemptLimit[], now: Date): Promise<void> {
  if (now.getTime() - (lastPruned.get(schema) ?? 0) < PRUNE_INTERVAL_MS) return
  lastPruned.set(schema, now.getTime())
  const retentionMs = Math.max(MIN_RETENTION_MS, ...limits.map((limit) => limit.windowMs))
  await db.query(`delete from ${ident(schema)}.attempts where at < $1`, [new Date(now.getTime() - retentionMs).toISOString()])
}

export interface TakeAttemptOptions {
  limits: readonly AttemptLimit[]
  /** What this attempt adds when allowed (default: one row per limit, with its key and kind). */
  record?: readonly AttemptRow[]
  now?: Date
}

/**
 * Counts an attempt BEFORE the guarded work runs (a password check, a payment), unless a limit is
 * already reached. Check and count happen in one transaction holding an advisory lock per key,
 * so attempts sent in parallel cannot all pass the check before the first one is counted.
 */
export async function takeAttempt(db: SqlDatabase, schema: string, options: TakeAttemptOptions): Promise<AttemptVerdict> {
  return db.transaction((tx) => takeAttemptIn(tx, schema, options))
}

/**
 * `takeAttempt` inside the caller's transaction, so the attempt is counted only if the work it
 * guards commits too (a like and its event); the locks are held until that transaction ends.
 */
export async function takeAttemptIn(tx: SqlExecutor, schema: string, options: TakeAttemptOptions): Promise<AttemptVerdict> {
  const [verdict] = await takeAttemptsIn(tx, schema, [options])
  if (!verdict) throw new Error('takeAttemptsIn no dio veredicto')
  return verdict
}

/**
 * Several attempts in one transaction, judged in order as if each came after the one before (an
 * address counted by the first is refused by the second), in four statements however many they are.
 */
export async function takeAttemptsIn(tx: SqlExecutor, schema: string, attempts: readonly TakeAttemptOptions[]): Promise<AttemptVerdict[]> {
  if (attempts.length === 0) return []
  const defaultNow = new Date()
  const judged = attempts.map((options) => ({
    limits: options.limits,
    now: options.now ?? defaultNow,
    record: options.record ?? options.limits.map(({ key, kind }) => ({ key, ...(kind ? { kind } : {}) })),
  }))
  const names = new Set(judged.flatMap(({ limits, record }) => [...limits.map((limit) => limit.key), ...record.map((row) => row.key)]))
  const lockKeys = [...names].map((key) => stableLockKey(`${schema}.attempts:${key}`))
  // Sorted, so two requests sharing keys take the locks in the same order (no deadlock).
  await tx.query(`select pg_advisory_xact_lock(k) from unnest($1::bigint[]) as k order by k`, [lockKeys])
  const flat = judged.flatMap(({ limits, now }) => limits.map((limit) => ({ limit, now })))
  const recent = await recentOf(tx, schema, flat)
  // Rows this group adds, newest first, by key and kind: the later attempts see them.
  const added = new Map<string, number[]>()
  const rowKey = (key: string, kind: string | undefined) => `${kind ?? DEFAULT_KIND}\u0000${key}`
  const verdicts: AttemptVerdict[] = []
  const inserts: { key: string; kind: string; at: Date; attemptId: string }[] = []
  let position = 0
  for (const { limits, now, record } of judged) {
    let waitSeconds = 0
    let reached: AttemptLimit | undefined
    for (const limit of limits) {
      const rows = [...(added.get(rowKey(limit.key, limit.kind)) ?? []), ...(recent[position] ?? [])]
      position += 1
      const blockingAt = rows[limit.max - 1]
      if (blockingAt === undefined) continue
      reached ??= limit
      waitSeconds = Math.max(waitSeconds, Math.max(1, Math.ceil((blockingAt + limit.windowMs - now.getTime()) / 1000)))
    }
    if (reached) {
      verdicts.push({ allowed: false, waitSeconds, limit: reached })
      continue
    }
    const attemptId = randomUUID()
    for (const row of record) {
      inserts.push({ key: row.key, kind: row.kind ?? DEFAULT_KIND, at: now, attemptId })
      const key = rowKey(row.key, row.kind)
      added.set(key, [now.getTime(), ...(added.get(key) ?? [])])
    }
    verdicts.push({ allowed: true, attemptId })
  }
  if (inserts.length > 0) {
    await tx.query(
      `insert into ${ident(schema)}.attempts (key, kind, at, attempt_id)
       select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::uuid[])`,
      [inserts.map((row) => row.key), inserts.map((row) => row.kind), inserts.map((row) => row.at.toISOString()), inserts.map((row) => row.attemptId)],
    )
  }
  const allLimits = judged.flatMap(({ limits }) => limits)
  await pruneOld(tx, schema, allLimits, judged[0]?.now ?? defaultNow)
  return verdicts
}

/** A successful attempt does not count against the limits. */
export async function forgiveAttempt(db: SqlExecutor, schema: string, attemptId: string): Promise<void> {
  await db.query(`delete from ${ident(schema)}.attempts where attempt_id = $1`, [attemptId])
}

/** Forgets every row of a key (e.g. after a successful sign-in or a password recovery). */
export async function clearAttempts(db: SqlExecutor, schema: string, key: string): Promise<void> {
  await db.query(`delete from ${ident(schema)}.attempts where key = $1`, [key])
}

/** Clears every key that starts with `prefix` (e.g. an e-mail's failures from every address). */
export async function clearAttemptsStartingWith(db: SqlExecutor, schema: string, prefix: string): Promise<void> {
  await db.query(`delete from ${ident(schema)}.attempts where starts_with(key, $1)`, [prefix])
}

/** Rows of `key` (and `kind`) inside the window: a count that limits nothing by itself (e.g. to slow down). */
export async function countAttempts(db: SqlExecutor, schema: string, key: string, windowMs: number, kind = DEFAULT_KIND, now = new Date()): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    `select count(*)::int as n from ${ident(schema)}.attempts where key = $1 and kind = $2 and at > $3`,
    [key, kind, new Date(now.getTime() - windowMs).toISOString()],
  )
  return Number(rows[0]?.n ?? 0)
}
