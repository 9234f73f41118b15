import { randomUUID } from 'node:crypto'
import { campaignLiked, campaignVisited } from '@donaciones/contracts'
import { ident, newEvent, takeAttemptIn, tooManyRequests, type EventStore, type SqlExecutor } from '@donaciones/kit'
import { campaignCounterAfterIncrement, campaignCounterTotal } from '../projections/campaign-counters.ts'
import { publicCampaignSql } from '../projections/campaign-queries.ts'

/** Likes one client may give one campaign per window; enough for a shared network, too few to inflate. */
export const likeLimit = { perWindow: 5, windowMs: 60 * 60 * 1000 }
/** Visits of one address to one campaign counted per window; more are answered but not counted. */
export const visitLimit = { perWindow: 1, windowMs: 30 * 60 * 1000 }
/** Comments one user may post per window, over every campaign. */
export const commentLimit = { perWindow: 10, windowMs: 10 * 60 * 1000 }

/** The id of the active campaign a public slug names, without loading the rest of the campaign. */
export async function activeCampaignId(db: SqlExecutor, schema: string, slug: string): Promise<string | undefined> {
  const s = ident(schema)
  const { rows } = await db.query<{ id: string }>(
    `select campaigns.id::text as id from ${s}.campaign_slugs join ${s}.campaigns on campaigns.id = campaign_slugs.campaign_id
     where campaign_slugs.slug = $1 and ${publicCampaignSql()}`,
    [slug],
  )
  return rows[0]?.id
}

/** Each visit and like is a stream of its own, so concurrent ones never conflict; the total is read in the same transaction. */
export async function recordCampaignVisit(store: EventStore, campaignId: string, address: string, correlationId: string): Promise<number> {
  return store.transaction(async (tx) => {
    const limits = [{ key: `visit:${address}:${campaignId}`, max: visitLimit.perWindow, windowMs: visitLimit.windowMs }]
    // A reload or a bot repeating itself is answered the total, and not counted again.
    if (!(await takeAttemptIn(tx, store.schema, { limits })).allowed) return campaignCounterTotal(tx, store.schema, campaignId, 'visits')
    await store.appendIn(tx, `campaign-visit-${randomUUID()}`, [newEvent(campaignVisited, { campaignId })], { expectedVersion: 0, metadata: { actor: null, correlationId } })
    return campaignCounterAfterIncrement(tx, store.schema, campaignId, 'visits')
  })
}

export async function recordCampaignLike(store: EventStore, campaignId: string, clientKey: string, actor: string | null, correlationId: string): Promise<number> {
  return store.transaction(async (tx) => {
    const limits = [{ key: `like:${clientKey}:${campaignId}`, max: likeLimit.perWindow, windowMs: likeLimit.windowMs }]
    const verdict = await takeAttemptIn(tx, store.schema, { limits })
    if (!verdict.allowed) {
      throw tooManyRequests('Demasiados me gusta', 'Ya indicó que le gusta esta campaña; intente más tarde', { headers: { 'Retry-After': String(verdict.waitSeconds) } })
    }
    await store.appendIn(tx, `campaign-like-${randomUUID()}`, [newEvent(campaignLiked, { campaignId })], { expectedVersion: 0, metadata: { actor, correlationId } })
    return campaignCounterAfterIncrement(tx, store.schema, campaignId, 'likes')
  })
}
