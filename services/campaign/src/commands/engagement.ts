import { randomUUID } from 'node:crypto'
import { campaignLiked, campaignVisited } from '@donaciones/contracts'
import { GroupCommit, ident, newEvent, takeAttemptsIn, tooManyRequests, type EventStore, type SqlExecutor } from '@donaciones/kit'
import { campaignCounterTotals } from '../projections/campaign-counters.ts'
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

type CounterKind = 'visit' | 'like'

/** One visit or like waiting for its group's commit; `clientKey` is who the limit counts. */
interface Engagement {
  kind: CounterKind
  campaignId: string
  clientKey: string
  actor: string | null
  correlationId: string
}

type EngagementAnswer = { total: number } | { refusedForSeconds: number }

const engagementRules = {
  visit: { limit: visitLimit, event: campaignVisited, counter: 'visits' },
  like: { limit: likeLimit, event: campaignLiked, counter: 'likes' },
} as const

/**
 * Records a group of visits and likes in the caller's transaction, in arrival order: the limits
 * of all of them (a repeated visit is answered the total and not counted; a like over the limit is
 * refused), one event each in a stream of its own, and one increment per counter. The row lock of
 * each counter is held until the group commits, so its totals are consecutive: the nth allowed
 * visit of a group whose campaign ends at T answers T − k + n, k the group's visits.
 */
async function recordEngagements(store: EventStore, tx: SqlExecutor, group: readonly Engagement[]): Promise<EngagementAnswer[]> {
  const verdicts = await takeAttemptsIn(tx, store.schema, group.map(({ kind, clientKey, campaignId }) => {
    const { limit } = engagementRules[kind]
    return { limits: [{ key: `${kind}:${clientKey}:${campaignId}`, max: limit.perWindow, windowMs: limit.windowMs }] }
  }))
  const allowed = group.filter((_, index) => verdicts[index]?.allowed)
  await store.appendNewStreamsIn(tx, allowed.map(({ kind, campaignId, actor, correlationId }) => ({
    stream: `campaign-${kind}-${randomUUID()}`,
    events: [newEvent(engagementRules[kind].event, { campaignId })],
    metadata: { actor, correlationId },
  })))
  const counterOf = ({ kind, campaignId }: Engagement) => ({ campaignId, counter: engagementRules[kind].counter })
  const keyOf = (engagement: Engagement) => `${engagement.campaignId}:${engagementRules[engagement.kind].counter}`
  const totals = await campaignCounterTotals(tx, store.schema, group.map(counterOf))
  const countedInGroup = new Map<string, number>()
  for (const engagement of allowed) countedInGroup.set(keyOf(engagement), (countedInGroup.get(keyOf(engagement)) ?? 0) + 1)
  const answeredInGroup = new Map<string, number>()
  return group.map((engagement, index) => {
    const verdict = verdicts[index]
    const key = keyOf(engagement)
    const total = totals.get(key) ?? 0
    if (!verdict?.allowed) return engagement.kind === 'like' ? { refusedForSeconds: verdict?.waitSeconds ?? 1 } : { total }
    const answered = (answeredInGroup.get(key) ?? 0) + 1
    answeredInGroup.set(key, answered)
    return { total: total - (countedInGroup.get(key) ?? 0) + answered }
  })
}

export interface EngagementRecorder {
  /** The campaign's visits after this one (not counted again within the visit limit's window). */
  visit(campaignId: string, address: string, correlationId: string): Promise<number>
  /** The campaign's likes after this one; 429 over the like limit. */
  like(campaignId: string, clientKey: string, actor: string | null, correlationId: string): Promise<number>
}

/** Visits and likes arriving together are committed together (the kit's GroupCommit), each answered its own total. */
export function engagementRecorder(store: EventStore): EngagementRecorder {
  const groups = new GroupCommit<Engagement, EngagementAnswer>(store, (tx, group) => recordEngagements(store, tx, group))
  return {
    async visit(campaignId, address, correlationId) {
      const answer = await groups.submit({ kind: 'visit', campaignId, clientKey: address, actor: null, correlationId })
      return 'total' in answer ? answer.total : 0
    },
    async like(campaignId, clientKey, actor, correlationId) {
      const answer = await groups.submit({ kind: 'like', campaignId, clientKey, actor, correlationId })
      if ('total' in answer) return answer.total
      throw tooManyRequests('Demasiados me gusta', 'Ya indicó que le gusta esta campaña; intente más tarde', { headers: { 'Retry-After': String(answer.refusedForSeconds) } })
    },
  }
}
