import { Router } from 'express'
import { DONOR_MESSAGE_HIDDEN, DONOR_MESSAGE_SHOWN, donorMessageModerationRequestSchema, donorMessageParamsSchema, idParamsSchema } from '@donaciones/contracts'
import { notFound, requirePermission, unauthorized, withValidation, type ServiceContext } from '@donaciones/kit'
import { moderateDonorMessage } from '../commands/donor-message-commands.ts'
import { findCampaignById } from '../projections/campaign-queries.ts'
import { donorWallMessages } from '../projections/donor-messages.ts'

/** GET /api/campaigns/{id}/donor-wall (read on campaign) and PUT …/donor-wall/{donationId}, which hides or shows a message (update on campaign). */
export function donorWallRoutes({ store, auth }: ServiceContext): Router {
  const router = Router()
  const requireCampaign = async (id: string) => {
    if (!(await findCampaignById(store.db, store.schema, id))) throw notFound('Campaña no encontrada', 'La campaña no existe')
  }

  router.get('/api/campaigns/:id/donor-wall', auth.required, requirePermission('campaign', 'read'), withValidation({ params: idParamsSchema }, async ({ params: { id } }, _req, res) => {
    await requireCampaign(id)
    res.json(await donorWallMessages(store.db, store.schema, id))
  }))

  router.put(
    '/api/campaigns/:id/donor-wall/:donationId',
    auth.required,
    requirePermission('campaign', 'update'),
    withValidation({ params: donorMessageParamsSchema, body: donorMessageModerationRequestSchema }, async ({ params: { id, donationId }, body }, req, res) => {
      if (!req.auth) throw unauthorized()
      await requireCampaign(id)
      await moderateDonorMessage({ store, actor: req.auth._id, correlationId: req.requestId }, id, donationId, body.payload.hidden, body.historical)
      res.json({ message: body.payload.hidden ? DONOR_MESSAGE_HIDDEN : DONOR_MESSAGE_SHOWN, _id: donationId, messageHidden: body.payload.hidden })
    }),
  )

  return router
}
