import { z } from 'zod'
import { commentTextSchema, idSchema } from '../rules.ts'
import { commentSchema } from '../entities/comment.ts'

/** POST /campaigns/{id}/comments (role 2 only). */
export const commentCreateRequestSchema = z.object({
  comment: commentTextSchema,
  campaign: idSchema,
})
export type CommentCreateRequest = z.infer<typeof commentCreateRequestSchema>
/** What the route reads: the campaign is the URL's; the body may name it too, and another one is refused. */
export const campaignCommentRequestSchema = commentCreateRequestSchema.partial({ campaign: true })
export const commentResponseSchema = commentSchema

/** PUT /comments/{id} deletes the comment (needs update on campaign); it has no body. Answer: */
export const commentDeleteResponseSchema = z.object({ _id: idSchema, deleted: z.literal(true) })
