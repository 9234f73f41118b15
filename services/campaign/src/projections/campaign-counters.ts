import { ident, type SqlExecutor } from '@donaciones/kit'

export type CampaignCounter = 'visits' | 'likes'

/**
 * Each increment adds to one of this many rows chosen at random, and the total is their sum.
 * One row serializes the increments of a campaign (each waits for the row lock until the one before
 * commits, so their commits cannot share a WAL flush), and that is what gives every visit and like
 * an answer of its own: the nth to commit answers n. With more shards increments commit side by
 * side (about twice the increments per second on PostgreSQL), the totals stay exact, but two
 * concurrent requests may answer the same total.
 */
export const counterShards = 1

export const counterTable = 'campaign_counters'

/**
 * The table of shards. Deployments that kept the totals in `campaigns.visits` and `campaigns.likes`
 * move them into shard 0 and drop those columns, in one statement, once.
 */
export async function createCampaignCounters(db: SqlExecutor, schema: string): Promise<void> {
  const s = ident(schema)
  await db.exec(`
    create table if not exists ${s}.${counterTable} (
      campaign_id uuid not null, counter text not null, shard smallint not null, total bigint not null,
      primary key (campaign_id, counter, shard));
    do $$ begin
      if exists (select 1 from pg_attribute where attrelid = '${s}.campaigns'::regclass and attname = 'visits' and not attisdropped) then
        insert into ${s}.${counterTable} (campaign_id, counter, shard, total)
          select id, 'visits', 0, visits from ${s}.campaigns where visits > 0
          union all select id, 'likes', 0, likes from ${s}.campaigns where likes > 0
          on conflict do nothing;
        alter table ${s}.campaigns drop column visits, drop column likes;
      end if;
    end $$;
  `)
}

/**
 * The totals the increments of a transaction produced, so the command whose append applied them
 * answers without another read while it holds the counter's row lock.
 */
const totalsAfterIncrement = new WeakMap<SqlExecutor, Map<string, number>>()

const incrementKey = (campaignId: string, counter: CampaignCounter) => `${campaignId}:${counter}`

export async function incrementCampaignCounter(tx: SqlExecutor, schema: string, campaignId: string, counter: CampaignCounter): Promise<void> {
  const s = ident(schema)
  const shard = Math.floor(Math.random() * counterShards)
  // The other shards are read as they were when the statement started; this shard as just bumped.
  const { rows } = await tx.query<{ total: number }>(
    `with bumped as (
       insert into ${s}.${counterTable} as counters (campaign_id, counter, shard, total) values ($1, $2, $3, 1)
       on conflict (campaign_id, counter, shard) do update set total = counters.total + 1
       returning shard, total)
     select (bumped.total + coalesce((select sum(others.total) from ${s}.${counterTable} others
       where others.campaign_id = $1 and others.counter = $2 and others.shard <> bumped.shard), 0))::integer as total from bumped`,
    [campaignId, counter, shard],
  )
  const totals = totalsAfterIncrement.get(tx) ?? new Map<string, number>()
  totals.set(incrementKey(campaignId, counter), rows[0]?.total ?? 0)
  totalsAfterIncrement.set(tx, totals)
}

/** The total right after this transaction incremented it (read again if it did not). */
export async function campaignCounterAfterIncrement(tx: SqlExecutor, schema: string, campaignId: string, counter: CampaignCounter): Promise<number> {
  return totalsAfterIncrement.get(tx)?.get(incrementKey(campaignId, counter)) ?? campaignCounterTotal(tx, schema, campaignId, counter)
}

/** A scalar subquery for a select list: the counter's total for the campaign id in `campaignIdColumn`. */
export function campaignCounterSql(schema: string, counter: CampaignCounter, campaignIdColumn: string): string {
  return `(select coalesce(sum(total), 0)::integer from ${ident(schema)}.${counterTable} where campaign_id = ${campaignIdColumn} and counter = '${counter}')`
}

export async function campaignCounterTotal(db: SqlExecutor, schema: string, campaignId: string, counter: CampaignCounter): Promise<number> {
  const { rows } = await db.query<{ total: number }>(`select ${campaignCounterSql(schema, counter, '$1::uuid')} as total`, [campaignId])
  return rows[0]?.total ?? 0
}
