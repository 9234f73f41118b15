import { Router } from 'express'
import { campaignEvents } from '@donaciones/contracts'
import type { ServiceDefinition } from '@donaciones/kit'
import { campaignMigrations } from './migrations.ts'
import { campaignsProjection } from './projections/campaigns.ts'
import { commentsProjection } from './projections/comments.ts'
import { donationTotalsProjection } from './projections/donation-totals.ts'
import { donorMessagesProjection } from './projections/donor-messages.ts'
import { peopleProjection } from './projections/people.ts'
import { commentRoutes } from './routes/comment-routes.ts'
import { donorWallRoutes } from './routes/donor-wall-routes.ts'
import { catalogProjection } from './projections/catalog.ts'
import { campaignAdminRoutes } from './routes/campaign-admin-routes.ts'
import { publicCampaignRoutes } from './routes/public-routes.ts'
import { categoryKind, institutionKind } from './catalog-kinds.ts'
import { catalogRoutes } from './routes/catalog-routes.ts'
import { internalRoutes } from './routes/internal-routes.ts'
import { optionsRoutes } from './routes/options-routes.ts'

export const campaignService: ServiceDefinition = {
  name: 'campaign',
  events: campaignEvents,
  projections: [catalogProjection, campaignsProjection, peopleProjection, commentsProjection, donationTotalsProjection, donorMessagesProjection],
  migrations: campaignMigrations,
  routes(context) {
    const router = Router()
    router.use(internalRoutes(context))
    router.use(catalogRoutes(context, institutionKind))
    router.use(catalogRoutes(context, categoryKind))
    router.use(optionsRoutes(context))
    router.use(publicCampaignRoutes(context))
    router.use(commentRoutes(context))
    router.use(donorWallRoutes(context))
    router.use(campaignAdminRoutes(context))
    return router
  },
}
