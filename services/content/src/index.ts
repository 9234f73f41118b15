import { Router } from 'express'
import { contentEvents } from '@donaciones/contracts'
import type { ServiceDefinition } from '@donaciones/kit'
import { deliverQueuedMessage } from './mail/mail-outbox.ts'
import { configurationProjection } from './projections/configuration.ts'
import { filesProjection } from './projections/files.ts'
import { pagesProjection } from './projections/pages.ts'
import { configurationRoutes } from './routes/configuration.ts'
import { fileRoutes } from './routes/files.ts'
import { initRoutes } from './routes/init.ts'
import { internalConfigurationRoutes } from './routes/internal-configuration.ts'
import { internalMailRoutes } from './routes/internal-mail.ts'
import { pageRoutes, publicPageRoutes } from './routes/pages.ts'
import { initContentState } from './state.ts'
import { contentMigrations } from './migrations.ts'

export const contentService: ServiceDefinition = {
  name: 'content',
  events: contentEvents,
  projections: [configurationProjection, pagesProjection, filesProjection],
  migrations: contentMigrations,
  async setup(context) {
    await initContentState(context)
  },
  deliverMail: deliverQueuedMessage,
  routes(context) {
    const router = Router()
    router.use(initRoutes(context))
    router.use(configurationRoutes(context))
    router.use(pageRoutes(context))
    router.use(publicPageRoutes(context))
    router.use(fileRoutes(context))
    router.use(internalMailRoutes(context))
    router.use(internalConfigurationRoutes(context))
    return router
  },
}
