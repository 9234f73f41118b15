import { Router } from 'express'
import { requireRole, type ServiceContext } from '@donaciones/kit'
import { categoryKind, institutionKind } from '../catalog-kinds.ts'
import { activeOptions } from '../projections/catalog-queries.ts'

/** GET /api/options/categories and /institutions: active records as {value, label} for the admin forms. */
export function optionsRoutes({ store, auth }: ServiceContext): Router {
  const router = Router()
  router.get('/api/options/categories', auth.required, requireRole(0, 1), async (_req, res) => {
    res.json(await activeOptions(store.db, store.schema, categoryKind))
  })
  router.get('/api/options/institutions', auth.required, requireRole(0, 1), async (_req, res) => {
    res.json(await activeOptions(store.db, store.schema, institutionKind))
  })
  return router
}
