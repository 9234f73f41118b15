import { randomUUID } from 'node:crypto'
import { campaignLiked, campaignVisited } from '@donaciones/contracts'
import { ident, newEvent, tooManyRequests, type EventStore, type SqlExecutor } from '@donaciones/kit'
import { campaignCounterAfterIncrement } from '../projections/campaign-counters.ts'

/** Likes one client may give one campaign per window; enough for a shared network, too few to inflate. */
export const likeLimit = { perWindow: 5, windowMs: 60 * 60 * 1000 }

export async function createEngagementTables(db: SqlExecutor, schema: string): Promise<void> {
  await db.exec(`create table if not exists ${ident(schema)}.like_limits (
    client_key text not null, campaign_id uuid not null, window_start timestamptz not null, count integer not null,
    primary key (client_key, campaign_id))`)
}

/** The id of the active campaign a public slug names, without loading the rest of the campaign. */
export async function activeCampaignId(db: SqlExecutor, schema: string, slug: string): Promise<string | undefined> {
  const s = ident(schema)
  const { rows } = await db.query<{ id: string }>(
    `select campaigns.id::text as id from ${s}.campaign_slugs join ${s}.campaigns on campaigns.id = campaign_slugs.campaign_id
     where campaign_slugs.slug = $1 and campaigns.active`,
    [slug],
  )
  return rows[0]?.id
}

/** Each visit and like is a stream of its own, so concurrent ones never conflict; the total is read in the same transaction. */
export async function recordCampaignVisit(store: EventStore, campaignId: string, correlationId: string): Promise<number> {
  return store.transaction(async (tx) => {
    await store.appendIn(tx, `campaign-visit-${randomUUID()}`, [newEvent(campaignVisited, { campaignId })], { expectedVersion: 0, metadata: { actor: null, correlationId } })
    return campaignCounterAfterIncrement(tx, store.schema, campaignId, 'visits')
  })
}

export async function recordCampaignLike(store: EventStore, campaignId: string, clientKey: string, actor: string | null, correlationId: string): Promise<number> {
  return store.transaction(async (tx) => {
    const { rows } = await tx.query<{ count: number }>(
      `insert into ${ident(store.schema)}.like_limits as limits (client_key, campaign_id, window_start, count) values ($1, $2, now(), 1)
       on conflict (client_key, campaign_id) do update set
         count = case when limits.window_start < now() - $3::interval then 1 else limits.count + 1 end,
         window_start = case when limits.window_start < now() - $3::interval then now() else limits.window_start end
       returning count`,
      [clientKey, campaignId, `${likeLimit.windowMs} milliseconds`],
    )
    if ((rows[0]?.count ?? 0) > likeLimit.perWindow) {
      throw tooManyRequests('Demasiados me gusta', 'Ya indicó que le gusta esta campaña; intente más tarde', { headers: { 'Retry-After': '3600' } })
    }
    await store.appendIn(tx, `campaign-like-${randomUUID()}`, [newEvent(campaignLiked, { campaignId })], { expectedVersion: 0, metadata: { actor, correlationId } })
    return campaignCounterAfterIncrement(tx, store.schema, campaignId, 'likes')
  })
}
