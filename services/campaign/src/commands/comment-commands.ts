import { randomUUID } from 'node:crypto'
import { commentPosted } from '@donaciones/contracts'
import { forbidden, handleCommand, newEvent, type EventStore } from '@donaciones/kit'
import type { CampaignRow } from '../projections/campaign-queries.ts'
import { commentDecider } from './comment-decider.ts'

/**
 * Comments are plain text, stored as the person typed them (CommentPosted v2): every screen renders
 * them as text (React escapes them), a mail would escape them for its HTML. v1 stored them escaped;
 * its upcaster reads those as typed.
 */
export async function postComment(store: EventStore, campaign: CampaignRow, comment: string, authorId: string, correlationId: string): Promise<string> {
  if (!campaign.visibility.comments) throw forbidden('Comentarios desactivados', 'Esta campaña no admite comentarios')
  const commentId = randomUUID()
  await store.append(`comment-${commentId}`, [newEvent(commentPosted, { commentId, campaignId: campaign.id, comment, authorId })], {
    expectedVersion: 0,
    metadata: { actor: authorId, correlationId },
  })
  return commentId
}

export async function deleteComment(store: EventStore, commentId: string, actor: string, correlationId: string): Promise<void> {
  await handleCommand(store, `comment-${commentId}`, commentDecider, { commentId }, { metadata: { actor, correlationId } })
}
