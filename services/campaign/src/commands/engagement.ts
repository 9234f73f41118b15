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

/** The ids of the active campaigns the given public slugs name, in one query, without loading the rest. */
async function activeCampaignIds(db: SqlExecutor, schema: string, slugs: readonly string[]): Promise<Map<string, string>> {
  const s = ident(schema)
  const { rows } = await db.query<{ slug: string; id: string }>(
    `select campaign_slugs.slug, campaigns.id::text as id from ${s}.campaign_slugs join ${s}.campaigns on campaigns.id = campaign_slugs.campaign_id
     where campaign_slugs.slug = any($1::text[]) and ${publicCampaignSql()}`,
    [[...new Set(slugs)]],
  )
  return new Map(rows.map(({ slug, id }) => [slug, id]))
}

type CounterKind = 'visit' | 'like'

/** One visit or like waiting for its group's commit; `clientKey` is who the limit counts. */
interface Engagement {
  kind: CounterKind
  slug: string
  clientKey: string
  actor: string | null
  correlationId: string
}

type EngagementAnswer =
  /** The campaign's total after this engagement (a visit within the limit's window is answered, not counted). */
  | { outcome: 'total'; total: number }
  | { outcome: 'refused'; retryAfterSeconds: number }
  /** The slug names no active campaign. */
  | { outcome: 'not-found' }

const engagementRules = {
  visit: { limit: visitLimit, event: campaignVisited, counter: 'visits' },
  like: { limit: likeLimit, event: campaignLiked, counter: 'likes' },
} as const

/**
 * Records a group of visits and likes in the caller's transaction, in arrival order: which active
 * campaign each slug names (one query for the group), the limits of all of them (a repeated visit
 * is answered the total and not counted; a like over the limit is refused), one event each in a
 * stream of its own, and one increment per counter. The row lock of each counter is held until the
 * group commits, so its totals are consecutive: the nth allowed visit of a group whose campaign
 * ends at T answers T − k + n, k the group's visits.
 */
async function recordEngagements(store: EventStore, tx: SqlExecutor, group: readonly Engagement[]): Promise<EngagementAnswer[]> {
  const campaignIds = await activeCampaignIds(tx, store.schema, group.map(({ slug }) => slug))
  const found = group.flatMap((engagement, index) => {
    const campaignId = campaignIds.get(engagement.slug)
    return campaignId === undefined ? [] : [{ ...engagement, campaignId, index }]
  })
  const verdicts = await takeAttemptsIn(tx, store.schema, found.map(({ kind, clientKey, campaignId }) => {
    const { limit } = engagementRules[kind]
    return { limits: [{ key: `${kind}:${clientKey}:${campaignId}`, max: limit.perWindow, windowMs: limit.windowMs }] }
  }))
  const allowed = found.filter((_, index) => verdicts[index]?.allowed)
  await store.appendNewStreamsIn(tx, allowed.map(({ kind, campaignId, actor, correlationId }) => ({
    stream: `campaign-${kind}-${randomUUID()}`,
    events: [newEvent(engagementRules[kind].event, { campaignId })],
    metadata: { actor, correlationId },
  })))
  const counterOf = ({ kind, campaignId }: { kind: CounterKind; campaignId: string }) => ({ campaignId, counter: engagementRules[kind].counter })
  const keyOf = ({ kind, campaignId }: { kind: CounterKind; campaignId: string }) => `${campaignId}:${engagementRules[kind].counter}`
  const totals = await campaignCounterTotals(tx, store.schema, found.map(counterOf))
  const countedInGroup = new Map<string, number>()
  for (const engagement of allowed) countedInGroup.set(keyOf(engagement), (countedInGroup.get(keyOf(engagement)) ?? 0) + 1)
  const answeredInGroup = new Map<string, number>()
  const answers: EngagementAnswer[] = group.map(() => ({ outcome: 'not-found' }))
  found.forEach((engagement, position) => {
    const verdict = verdicts[position]
    const key = keyOf(engagement)
    const total = totals.get(key) ?? 0
    if (verdict?.allowed) {
      const answered = (answeredInGroup.get(key) ?? 0) + 1
      answeredInGroup.set(key, answered)
      answers[engagement.index] = { outcome: 'total', total: total - (countedInGroup.get(key) ?? 0) + answered }
    } else {
      answers[engagement.index] = engagement.kind === 'like' ? { outcome: 'refused', retryAfterSeconds: verdict?.waitSeconds ?? 1 } : { outcome: 'total', total }
    }
  })
  return answers
}

export interface EngagementRecorder {
  /** The visits of the active campaign `slug` names after this one (not counted again within the visit limit's window); 404 for no such campaign. */
  visit(slug: string, address: string, correlationId: string): Promise<number>
  /** Its likes after this one; 429 over the like limit, 404 for no such campaign. */
  like(slug: string, clientKey: string, actor: string | null, correlationId: string): Promise<number>
}

/** Visits and likes arriving together are committed together (the kit's GroupCommit), each answered its own total. */
export function engagementRecorder(store: EventStore, campaignNotFound: () => Error): EngagementRecorder {
  const groups = new GroupCommit<Engagement, EngagementAnswer>(store, (tx, group) => recordEngagements(store, tx, group))
  const totalOf = (answer: EngagementAnswer): number => {
    switch (answer.outcome) {
      case 'total':
        return answer.total
      case 'not-found':
        throw campaignNotFound()
      case 'refused':
        throw tooManyRequests('Demasiados me gusta', 'Ya indicó que le gusta esta campaña; intente más tarde', { headers: { 'Retry-After': String(answer.retryAfterSeconds) } })
    }
  }
  return {
    async visit(slug, address, correlationId) {
      return totalOf(await groups.submit({ kind: 'visit', slug, clientKey: address, actor: null, correlationId }))
    },
    async like(slug, clientKey, actor, correlationId) {
      return totalOf(await groups.submit({ kind: 'like', slug, clientKey, actor, correlationId }))
    },
  }
}
