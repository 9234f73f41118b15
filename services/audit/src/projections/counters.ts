import { donationApproved, visitRecorded, type CounterName, type EventDataOf, type EventEnvelope } from '@donaciones/contracts'
import { eventHandlers, ident, on, type Projection, type SqlExecutor } from '@donaciones/kit'

async function increment(tx: SqlExecutor, schema: string, name: CounterName, by = 1): Promise<number> {
  const { rows } = await tx.query<{ total: number }>(
    `insert into ${ident(schema)}.counters (name, total) values ($1, $2)
     on conflict (name) do update set total = counters.total + excluded.total returning total`,
    [name, by],
  )
  return Number(rows[0]?.total ?? 0)
}

function donorKey(data: EventDataOf<typeof donationApproved>): string {
  return data.userId ? `user:${data.userId}` : `email:${data.donor.email.trim().toLowerCase()}`
}

interface Tally {
  visits: number
  donors: string[]
}

const tallyEvent = eventHandlers(
  on(visitRecorded, (_data, _event, tally: Tally) => {
    tally.visits += 1
  }),
  on(donationApproved, (data, _event, tally: Tally) => {
    tally.donors.push(donorKey(data))
  }),
)

/**
 * visits: one per VisitRecorded. donations: approved donations. donors: distinct people who
 * gave (their account, or their e-mail when they gave without one).
 */
export const countersProjection: Projection = {
  name: 'counters',
  tables: ['counters', 'counter_donors'],
  handles: tallyEvent.definitions,
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
  const tally: Tally = { visits: 0, donors: [] }
  for (const event of events) tallyEvent.dispatch(event, tally)
  const { visits, donors } = tally
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
