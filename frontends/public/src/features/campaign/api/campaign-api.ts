// Answers are typed, not parsed: the campaign page loads without the validation library.
import type { Campaign, Comment } from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'

const campaignPath = (slug: string) => `/public/campaigns/${encodeURIComponent(slug)}`

/** GET /public/campaigns/{slug}: the whole campaign with comments and approved donations. */
export function fetchCampaign(slug: string, signal?: AbortSignal): Promise<Campaign> {
  return apiRequest<Campaign>('LOAD_CAMPAIGN', campaignPath(slug), { silent: true, ...(signal && { signal }) })
}

/** POST /public/campaigns/{slug}/visit → the new total. */
export async function registerVisit(slug: string): Promise<number> {
  const { total } = await apiRequest<{ total: number }>('REGISTER_VISIT', `${campaignPath(slug)}/visit`, { method: 'POST', silent: true })
  return total
}

/** POST /public/campaigns/{slug}/like → the new likes total. */
export async function likeCampaign(slug: string): Promise<number> {
  const { likes } = await apiRequest<{ likes: number }>('LIKE_CAMPAIGN', `${campaignPath(slug)}/like`, { method: 'POST' })
  return likes
}

/** POST /campaigns/{id}/comments (role 2). */
export function postComment(campaignId: string, comment: string): Promise<Comment> {
  return apiRequest('SEND_COMMENT', `/campaigns/${campaignId}/comments`, {
    method: 'POST',
    json: { comment, campaign: campaignId },
  })
}

/** PUT /comments/{id} deletes the comment (update permission on campaign). */
export async function deleteComment(commentId: string): Promise<void> {
  await apiRequest('DELETE_COMMENT', `/comments/${commentId}`, { method: 'PUT' })
}
