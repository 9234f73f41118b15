import { Router } from 'express'
import { requireRole } from '@donaciones/kit'
import type { IdentityDeps } from '../commands/deps.ts'
import { modules } from '../modules.ts'

/** GET /api/modules: the options of the permission matrix (administrators only). */
export function modulesRoutes(deps: IdentityDeps): Router {
  const router = Router()
  router.get('/api/modules', deps.context.auth.required, requireRole(0, 1), (_req, res) => {
    res.json(modules)
  })
  return router
}
