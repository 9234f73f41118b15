import { relayCheckpointName, relayLag, type SqlDatabase } from '@donaciones/kit'

/** Row count and content hash of one table. */
export type StoredData = Record<string, string>

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/** Where one site keeps its data: the services' schemas (others' sites may share the database). */
export interface StoredPlace {
  db: SqlDatabase
  schemas: readonly string[]
}

function tablesOf({ db, schemas }: StoredPlace) {
  return db.query<{ table_schema: string; table_name: string }>(
    `select table_schema, table_name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema = any($1::text[]) order by 1, 2`,
    [schemas],
  )
}

/** Every table of the services' schemas (each service's events, outbox, read models and private tables), as count:hash. */
export async function snapshotStoredData(place: StoredPlace): Promise<StoredData> {
  const { db } = place
  const tables = await tablesOf(place)
  const snapshot: StoredData = {}
  for (const { table_schema: schema, table_name: name } of tables.rows) {
    const result = await db.query<{ n: string | number; digest: string | null }>(
      `select count(*) as n, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as digest from ${quoted(schema)}.${quoted(name)} t`,
    )
    const row = result.rows[0]
    snapshot[`${schema}.${name}`] = `${Number(row?.n ?? 0)}:${row?.digest ?? ''}`
  }
  return snapshot
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: StoredData, after: StoredData): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...names].filter((name) => before[name] !== after[name]).sort()
}

/** Events some service has committed and its relay has not published yet. */
async function unpublishedEvents({ db, schemas }: StoredPlace): Promise<number> {
  let total = 0
  for (const schema of schemas) total += await relayLag(db, schema, relayCheckpointName)
  return total
}

/**
 * Waits until every relay had published what its service committed before a snapshot and that
 * snapshot agrees with the one before it (consumers have caught up), and returns it. A quiet moment alone is not enough on a
 * shared PostgreSQL: a relay reads only below the oldest running transaction of the whole
 * server, so another suite's long transaction can hold its events back for a while.
 */
export async function settledSnapshot(place: StoredPlace, timeoutMs = 15_000): Promise<StoredData> {
  const end = Date.now() + timeoutMs
  let previous = await snapshotStoredData(place)
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 150))
    // Lag first: a relay that publishes between the snapshot and the lag check would leave the
    // returned snapshot with its checkpoint from before, and the next comparison would see it move.
    const published = (await unpublishedEvents(place)) === 0
    const next = await snapshotStoredData(place)
    if (published && changedTables(previous, next).length === 0) return next
    if (Date.now() > end) throw new Error(`Los datos no se estabilizan: ${changedTables(previous, next).join(', ')}`)
    previous = next
  }
}

/** The tables with a row whose text (keys and values alike) contains `text`. */
export async function tablesContaining(place: StoredPlace, text: string): Promise<string[]> {
  const { db } = place
  const tables = await tablesOf(place)
  const found: string[] = []
  for (const { table_schema: schema, table_name: name } of tables.rows) {
    const result = await db.query<{ n: string | number }>(`select count(*) as n from ${quoted(schema)}.${quoted(name)} t where strpos(t::text, $1) > 0`, [text])
    if (Number(result.rows[0]?.n ?? 0) > 0) found.push(`${schema}.${name}`)
  }
  return found
}
