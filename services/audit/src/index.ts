import { Router } from 'express'
import { auditEvents } from '@donaciones/contracts'
import type { ServiceDefinition } from '@donaciones/kit'
import { countersProjection } from './projections/counters.ts'
import { historyProjection } from './projections/history.ts'
import { peopleProjection } from './projections/people.ts'
import { countersRoutes } from './routes/counters.ts'
import { historyRoutes } from './routes/history.ts'

export const auditService: ServiceDefinition = {
  name: 'audit',
  events: auditEvents,
  projections: [countersProjection, peopleProjection, historyProjection],
  routes(context) {
    const router = Router()
    router.use(countersRoutes(context))
    router.use(historyRoutes(context))
    return router
  },
}
