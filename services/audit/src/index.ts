import { Router } from 'express'
import { auditEvents } from '@donaciones/contracts'
import type { ServiceDefinition } from '@donaciones/kit'
import { countersProjection } from './projections/counters.ts'
import { countersRoutes } from './routes/counters.ts'

export const auditService: ServiceDefinition = {
  name: 'audit',
  events: auditEvents,
  projections: [countersProjection],
  routes(context) {
    const router = Router()
    router.use(countersRoutes(context))
    return router
  },
}
