import { Router } from 'express'
import { setupCatalogRequestSchema, setupCatalogResponseSchema } from '@donaciones/contracts'
import { parseInput, requireInternalCall, type ServiceContext } from '@donaciones/kit'
import { setupCatalog, undoSetupCatalog } from '../commands/setup-catalog.ts'

/** Steps of the setup wizard that the content service runs here (never behind the gateway). */
export function internalSetupRoutes({ store, directory }: ServiceContext): Router {
  const router = Router()
  router.use('/internal/setup', requireInternalCall(directory))

  router.post('/internal/setup/catalog', async (req, res) => {
    const request = await parseInput(setupCatalogRequestSchema, req.body)
    const ids = await setupCatalog(store, request, req.requestId)
    res.json(setupCatalogResponseSchema.parse(ids))
  })

  router.delete('/internal/setup/catalog/:setupId', async (req, res) => {
    await undoSetupCatalog(store, req.params.setupId, req.requestId)
    res.status(204).end()
  })

  return router
}
