import { randomUUID } from 'node:crypto'
import { commentPosted } from '@donaciones/contracts'
import { forbidden, handleCommand, newEvent, type EventStore } from '@donaciones/kit'
import type { CampaignRow } from '../projections/campaign-queries.ts'
import { commentDecider } from './comment-decider.ts'

/** Comments are plain text: markup is escaped once, on write, so no reader can ever render it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string)
}

export async function postComment(store: EventStore, campaign: CampaignRow, comment: string, authorId: string, correlationId: string): Promise<string> {
  if (!campaign.visibility.comments) throw forbidden('Comentarios desactivados', 'Esta campaña no admite comentarios')
  const commentId = randomUUID()
  await store.append(`comment-${commentId}`, [newEvent(commentPosted, { commentId, campaignId: campaign.id, comment: escapeHtml(comment), authorId })], {
    expectedVersion: 0,
    metadata: { actor: authorId, correlationId },
  })
  return commentId
}

export async function deleteComment(store: EventStore, commentId: string, actor: string, correlationId: string): Promise<void> {
  await handleCommand(store, `comment-${commentId}`, commentDecider, { commentId }, { metadata: { actor, correlationId } })
}
