import { ident, type Migration, type SqlExecutor } from '@donaciones/kit'

export type CampaignCounter = 'visits' | 'likes'

/**
 * A campaign's visits and likes are one row each (`shard` 0; older deployments may hold more rows,
 * summed on read). Increments of one campaign wait for that row's lock in turn, which is what gives
 * every visit and like a total of its own; visits and likes arriving together are committed in one
 * transaction (`commands/engagement.ts`), so that wait is one commit per group, not per request.
 */
export const counterTable = 'campaign_counters'

/** The table of shards. */
export async function createCampaignCounters(db: SqlExecutor, schema: string): Promise<void> {
  await db.exec(`
    create table if not exists ${ident(schema)}.${counterTable} (
      campaign_id uuid not null, counter text not null, shard smallint not null, total bigint not null,
      primary key (campaign_id, counter, shard))`)
}

/**
 * The campaigns projection's migration for deployments that kept the totals in `campaigns.visits`
 * and `campaigns.likes`: they move into shard 0 and those columns are dropped, in one statement.
 */
export const countersFromCampaignColumns: Migration = {
  id: 'counters-from-campaign-columns',
  sql: (s) => `
    do $$ begin
      if exists (select 1 from pg_attribute where attrelid = '${s}.campaigns'::regclass and attname = 'visits' and not attisdropped) then
        insert into ${s}.${counterTable} (campaign_id, counter, shard, total)
          select id, 'visits', 0, visits from ${s}.campaigns where visits > 0
          union all select id, 'likes', 0, likes from ${s}.campaigns where likes > 0
          on conflict do nothing;
        alter table ${s}.campaigns drop column visits, drop column likes;
      end if;
    end $$`,
}

export interface CounterIncrement {
  campaignId: string
  counter: CampaignCounter
  by: number
}

/** Adds to several counters in one statement, locking their rows in one order (replicas never deadlock). */
export async function addToCampaignCounters(tx: SqlExecutor, schema: string, increments: readonly CounterIncrement[]): Promise<void> {
  const summed = new Map<string, CounterIncrement>()
  for (const increment of increments) {
    const key = `${increment.campaignId}:${increment.counter}`
    const known = summed.get(key)
    summed.set(key, known ? { ...known, by: known.by + increment.by } : increment)
  }
  const rows = [...summed.entries()].toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, increment]) => increment)
  if (rows.length === 0) return
  await tx.query(
    `insert into ${ident(schema)}.${counterTable} as counters (campaign_id, counter, shard, total)
     select campaign_id, counter, 0, by from unnest($1::uuid[], $2::text[], $3::bigint[]) with ordinality as r(campaign_id, counter, by, n) order by n
     on conflict (campaign_id, counter, shard) do update set total = counters.total + excluded.total`,
    [rows.map((row) => row.campaignId), rows.map((row) => row.counter), rows.map((row) => row.by)],
  )
}

export async function incrementCampaignCounter(tx: SqlExecutor, schema: string, campaignId: string, counter: CampaignCounter): Promise<void> {
  await addToCampaignCounters(tx, schema, [{ campaignId, counter, by: 1 }])
}

/** Totals of several counters in one read, keyed `${campaignId}:${counter}` (absent: 0). */
export async function campaignCounterTotals(
  db: SqlExecutor,
  schema: string,
  counters: readonly { campaignId: string; counter: CampaignCounter }[],
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ campaign_id: string; counter: string; total: number }>(
    `select campaign_id::text as campaign_id, counter, sum(total)::integer as total from ${ident(schema)}.${counterTable}
     where (campaign_id, counter) in (select * from unnest($1::uuid[], $2::text[])) group by campaign_id, counter`,
    [counters.map((row) => row.campaignId), counters.map((row) => row.counter)],
  )
  return new Map(rows.map((row) => [`${row.campaign_id}:${row.counter}`, Number(row.total)]))
}

/** A scalar subquery for a select list: the counter's total for the campaign id in `campaignIdColumn`. */
export function campaignCounterSql(schema: string, counter: CampaignCounter, campaignIdColumn: string): string {
  return `(select coalesce(sum(total), 0)::integer from ${ident(schema)}.${counterTable} where campaign_id = ${campaignIdColumn} and counter = '${counter}')`
}

export async function campaignCounterTotal(db: SqlExecutor, schema: string, campaignId: string, counter: CampaignCounter): Promise<number> {
  const { rows } = await db.query<{ total: number }>(`select ${campaignCounterSql(schema, counter, '$1::uuid')} as total`, [campaignId])
  return rows[0]?.total ?? 0
}
