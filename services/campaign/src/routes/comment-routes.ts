import { Router } from 'express'
import { COMMENT_DELETED, COMMENT_POSTED, commentCreateRequestSchema, idParamsSchema } from '@donaciones/contracts'
import { notFound, parseInput, requirePermission, requireRole, unprocessable, type ServiceContext } from '@donaciones/kit'
import { deleteComment, postComment } from '../commands/comment-commands.ts'
import { findCampaignById } from '../projections/campaign-queries.ts'
import { campaignComments } from '../projections/comments.ts'

/** POST /api/campaigns/{id}/comments (role 2) and PUT /api/comments/{id}, which deletes (update on campaign). */
export function commentRoutes({ store, auth }: ServiceContext): Router {
  const router = Router()

  router.post('/api/campaigns/:id/comments', auth.required, requireRole(2), async (req, res) => {
    const { id } = await parseInput(idParamsSchema, req.params)
    const body = await parseInput(commentCreateRequestSchema, { campaign: id, ...req.body })
    if (body.campaign !== id) throw unprocessable('Datos inválidos', 'La campaña del comentario no coincide')
    const campaign = await findCampaignById(store.db, store.schema, id)
    if (!campaign || !campaign.active) throw notFound('Campaña no encontrada', 'La campaña no existe o ya no está disponible')
    const commentId = await postComment(store, campaign, body.comment, req.auth?._id as string, req.requestId)
    const comment = (await campaignComments(store.db, store.schema, id)).find((candidate) => candidate._id === commentId)
    res.status(201).json({ message: COMMENT_POSTED, ...comment })
  })

  router.put('/api/comments/:id', auth.required, requirePermission('campaign', 'update'), async (req, res) => {
    const { id } = await parseInput(idParamsSchema, req.params)
    await deleteComment(store, id, req.auth?._id as string, req.requestId)
    res.json({ message: COMMENT_DELETED, _id: id, deleted: true })
  })

  return router
}
