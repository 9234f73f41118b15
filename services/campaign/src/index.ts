import { Router } from 'express'
import { campaignEvents } from '@donaciones/contracts'
import type { ServiceDefinition } from '@donaciones/kit'
import { catalogProjection } from './projections/catalog.ts'
import { internalSetupRoutes } from './routes/internal-setup.ts'

export const campaignService: ServiceDefinition = {
  name: 'campaign',
  events: campaignEvents,
  projections: [catalogProjection],
  routes(context) {
    const router = Router()
    router.use(internalSetupRoutes(context))
    return router
  },
}
