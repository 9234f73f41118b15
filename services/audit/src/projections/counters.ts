import { donationApproved, visitRecorded, type CounterName, type EventEnvelope } from '@donaciones/contracts'
import { ident, type Projection, type SqlExecutor } from '@donaciones/kit'

type DonationApproved = typeof donationApproved
type ApprovedData = import('zod').infer<DonationApproved['schema']>

async function increment(tx: SqlExecutor, schema: string, name: CounterName, by = 1): Promise<number> {
  const { rows } = await tx.query<{ total: number }>(
    `insert into ${ident(schema)}.counters (name, total) values ($1, $2)
     on conflict (name) do update set total = counters.total + excluded.total returning total`,
    [name, by],
  )
  return Number(rows[0]?.total ?? 0)
}

function donorKey(data: ApprovedData): string {
  return data.userId ? `user:${data.userId}` : `email:${data.donor.email.trim().toLowerCase()}`
}

/**
 * visits: one per VisitRecorded. donations: approved donations. donors: distinct people who
 * gave (their account, or their e-mail when they gave without one).
 */
export const countersProjection: Projection = {
  name: 'counters',
  tables: ['counters', 'counter_donors'],
  handles: [visitRecorded, donationApproved],
  async setup(db, schema) {
    await db.exec(`
      create table if not exists ${ident(schema)}.counters (name text primary key, total bigint not null);
      create table if not exists ${ident(schema)}.counter_donors (donor_key text primary key);
    `)
  },
  async apply(tx, event: EventEnvelope, schema) {
    await applyCounters(tx, [event], schema)
  },
  applyBatch: applyCounters,
}

/** Sums a run of events and adds each total once (one counter update per run, not per event). */
async function applyCounters(tx: SqlExecutor, events: readonly EventEnvelope[], schema: string): Promise<void> {
  let visits = 0
  const donors: string[] = []
  for (const event of events) {
    if (event.type === visitRecorded.type) visits += 1
    else donors.push(donorKey(donationApproved.schema.parse(event.data)))
  }
  if (visits > 0) await increment(tx, schema, 'visits', visits)
  if (donors.length === 0) return
  await increment(tx, schema, 'donations', donors.length)
  const { rows } = await tx.query(
    `insert into ${ident(schema)}.counter_donors (donor_key) select unnest($1::text[]) on conflict do nothing returning donor_key`,
    [[...new Set(donors)]],
  )
  if (rows.length > 0) await increment(tx, schema, 'donors', rows.length)
}

export async function readCounter(db: SqlExecutor, schema: string, name: CounterName): Promise<number> {
  const { rows } = await db.query<{ total: number }>(`select total from ${ident(schema)}.counters where name = $1`, [name])
  return Number(rows[0]?.total ?? 0)
}
