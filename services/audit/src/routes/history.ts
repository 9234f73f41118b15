import { Router } from 'express'
import { historicalQuerySchema, idParamsSchema } from '@donaciones/contracts'
import { notFound, requirePermission, withValidation, type ServiceContext } from '@donaciones/kit'
import { findPerson, listHistory } from '../projections/history-queries.ts'

/** GET /api/historical/ (by day, module, document) and /api/historical/user/{id}: role 0, or role 1 with the historical permission. */
export function historyRoutes({ store, auth }: ServiceContext): Router {
  const router = Router()
  const canRead = [auth.required, requirePermission('historical', 'read')]

  router.get('/api/historical', ...canRead, withValidation({ query: historicalQuerySchema }, async ({ query }, _req, res) => {
    res.json(await listHistory(store.db, store.schema, query))
  }))

  router.get('/api/historical/user/:id', ...canRead, withValidation({ params: idParamsSchema }, async ({ params: { id } }, _req, res) => {
    const user = await findPerson(store.db, store.schema, id)
    if (!user) throw notFound('Usuario no encontrado', 'El usuario no existe')
    res.json({ list: await listHistory(store.db, store.schema, { author: id }), user })
  }))

  return router
}
