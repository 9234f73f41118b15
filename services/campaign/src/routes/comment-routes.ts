import { Router } from 'express'
import { campaignCommentRequestSchema, COMMENT_DELETED, COMMENT_POSTED, idParamsSchema, isScheduled } from '@donaciones/contracts'
import { notFound, requirePermission, requireRole, takeAttempt, tooManyRequests, unprocessable, withValidation, type ServiceContext } from '@donaciones/kit'
import { commentLimit } from '../commands/engagement.ts'
import { deleteComment, postComment } from '../commands/comment-commands.ts'
import { findCampaignById } from '../projections/campaign-queries.ts'
import { campaignComments } from '../projections/comments.ts'

/** POST /api/campaigns/{id}/comments (role 2) and PUT /api/comments/{id}, which deletes (update on campaign). */
export function commentRoutes({ store, auth }: ServiceContext): Router {
  const router = Router()

  router.post('/api/campaigns/:id/comments', auth.required, requireRole(2), withValidation({ params: idParamsSchema, body: campaignCommentRequestSchema }, async ({ params: { id }, body }, req, res) => {
    if (body.campaign !== undefined && body.campaign !== id) throw unprocessable('Datos inválidos', 'La campaña del comentario no coincide')
    const campaign = await findCampaignById(store.db, store.schema, id)
    if (!campaign || !campaign.active || isScheduled(String(campaign.date))) throw notFound('Campaña no encontrada', 'La campaña no existe o ya no está disponible')
    const author = req.auth?._id as string
    const verdict = await takeAttempt(store.db, store.schema, { limits: [{ key: `comment:${author}`, max: commentLimit.perWindow, windowMs: commentLimit.windowMs }] })
    if (!verdict.allowed) {
      const minutes = Math.ceil(verdict.waitSeconds / 60)
      throw tooManyRequests('Demasiados comentarios', `Publicó varios comentarios seguidos. Intente de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`, {
        headers: { 'Retry-After': String(verdict.waitSeconds) },
      })
    }
    const commentId = await postComment(store, campaign, body.comment, req.auth?._id as string, req.requestId)
    const comment = (await campaignComments(store.db, store.schema, id)).find((candidate) => candidate._id === commentId)
    res.status(201).json({ message: COMMENT_POSTED, ...comment })
  }))

  router.put('/api/comments/:id', auth.required, requirePermission('campaign', 'update'), withValidation({ params: idParamsSchema }, async ({ params: { id } }, req, res) => {
    await deleteComment(store, id, req.auth?._id as string, req.requestId)
    res.json({ message: COMMENT_DELETED, _id: id, deleted: true })
  }))

  return router
}
