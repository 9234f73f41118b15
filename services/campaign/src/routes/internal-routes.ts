import { Router } from 'express'
import { campaignDonationStatusSchema, idParamsSchema, setupCatalogRequestSchema, setupCatalogResponseSchema } from '@donaciones/contracts'
import { notFound, requireInternalCall, withValidation, type ServiceContext } from '@donaciones/kit'
import { campaignSchedule, campaignStart, findCampaignById } from '../projections/campaign-queries.ts'
import { setupCatalog, undoSetupCatalog } from '../commands/setup-catalog.ts'

/** Internal calls of the other services: the setup wizard's catalog step, and a campaign's donation status. */
export function internalRoutes({ store, directory }: ServiceContext): Router {
  const router = Router()
  router.use('/internal/setup', requireInternalCall(directory))

  router.post('/internal/setup/catalog', withValidation({ body: setupCatalogRequestSchema }, async ({ body }, req, res) => {
    const ids = await setupCatalog(store, body, req.requestId)
    res.json(setupCatalogResponseSchema.parse(ids))
  }))

  router.delete('/internal/setup/catalog/:setupId', async (req, res) => {
    await undoSetupCatalog(store, req.params.setupId, req.requestId)
    res.status(204).end()
  })

  router.get('/internal/campaigns/:id/donation-status', requireInternalCall(directory), withValidation({ params: idParamsSchema }, async ({ params: { id } }, _req, res) => {
    const row = await findCampaignById(store.db, store.schema, id)
    if (!row) throw notFound('Campaña no encontrada', 'La campaña no existe')
    res.json(campaignDonationStatusSchema.parse({ campaignId: row.id, title: row.title, gratitude: row.gratitude, thumbnail: row.thumbnail, active: row.active, startsAt: campaignStart(row), ...campaignSchedule(row) }))
  }))

  return router
}
