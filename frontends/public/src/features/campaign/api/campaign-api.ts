import {
  commentDeleteResponseSchema,
  commentResponseSchema,
  likeResponseSchema,
  publicCampaignResponseSchema,
  visitResponseSchema,
  type Campaign,
  type Comment,
} from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'

const campaignPath = (slug: string) => `/public/campaigns/${encodeURIComponent(slug)}`

/** GET /public/campaigns/{slug}: the whole campaign with comments and approved donations. */
export function fetchCampaign(slug: string): Promise<Campaign> {
  return apiRequest('LOAD_CAMPAIGN', campaignPath(slug), { schema: publicCampaignResponseSchema, silent: true })
}

/** POST /public/campaigns/{slug}/visit → the new total. */
export async function registerVisit(slug: string): Promise<number> {
  const { total } = await apiRequest('REGISTER_VISIT', `${campaignPath(slug)}/visit`, { method: 'POST', schema: visitResponseSchema, silent: true })
  return total
}

/** POST /public/campaigns/{slug}/like → the new likes total. */
export async function likeCampaign(slug: string): Promise<number> {
  const { likes } = await apiRequest('LIKE_CAMPAIGN', `${campaignPath(slug)}/like`, { method: 'POST', schema: likeResponseSchema })
  return likes
}

/** POST /campaigns/{id}/comments (role 2). */
export function postComment(campaignId: string, comment: string): Promise<Comment> {
  return apiRequest('SEND_COMMENT', `/campaigns/${campaignId}/comments`, {
    method: 'POST',
    json: { comment, campaign: campaignId },
    schema: commentResponseSchema,
  })
}

/** PUT /comments/{id} deletes the comment (update permission on campaign). */
export async function deleteComment(commentId: string): Promise<void> {
  await apiRequest('DELETE_COMMENT', `/comments/${commentId}`, { method: 'PUT', schema: commentDeleteResponseSchema })
}
