import { Router } from 'express'
import type { Request } from 'express'
import { idParamsSchema, isToggleRequest, pageToggleRequestSchema, pageUpdateRequestSchema, publicPageParamsSchema } from '@donaciones/contracts'
import { notFound, publicCacheFor, requirePermission, withValidation, type ServiceContext } from '@donaciones/kit'
import { pageNotFound } from '../commands/page-decider.ts'
import { togglePage, updatePage } from '../commands/pages.ts'
import { findPage, listPages } from '../projections/pages.ts'

const meta = (req: Request, historical: { cause: string; description: string }) => ({
  actor: req.auth!._id,
  correlationId: req.requestId,
  historical,
})

/** Dashboard pages: role 0, or role 1 with the `pages` permission (read / update). */
export function pageRoutes(context: ServiceContext): Router {
  const router = Router()
  const schema = context.store.schema

  router.get('/api/pages', context.auth.required, requirePermission('pages', 'read'), async (_req, res) => {
    res.json(await listPages(context.db, schema))
  })

  router.get(
    '/api/pages/:id',
    context.auth.required,
    requirePermission('pages', 'read'),
    withValidation({ params: idParamsSchema }, async ({ params }, _req, res) => {
      const page = await findPage(context.db, schema, { id: params.id })
      if (!page) throw pageNotFound()
      res.json(page)
    }),
  )

  router.put(
    '/api/pages/:id',
    context.auth.required,
    requirePermission('pages', 'update'),
    // `{payload: {active}}` toggles; any other payload updates.
    withValidation({ params: idParamsSchema, body: (raw) => (isToggleRequest(raw) ? pageToggleRequestSchema : pageUpdateRequestSchema) }, async ({ params, body }, req, res) => {
      if (isToggleRequest(body)) {
        res.json(await togglePage(context, params.id, body.payload.active, meta(req, body.historical)))
        return
      }
      res.json(await updatePage(context, params.id, body.payload.description, meta(req, body.historical)))
    }),
  )

  return router
}

const publicPageNotFound = () => notFound('Página no encontrada', 'La página solicitada no existe o no está disponible')

/** GET /api/public/pages/{name}: no session; an inactive or unknown page is 404. */
export function publicPageRoutes(context: ServiceContext): Router {
  const router = Router()
  const cache = publicCacheFor(context.changes, { maxAgeMs: context.settings.PUBLIC_CACHE_MAX_AGE_MS })
  router.get('/api/public/pages/:name', async (req, res) => {
    const parsed = publicPageParamsSchema.safeParse(req.params)
    if (!parsed.success) throw publicPageNotFound()
    const { name } = parsed.data
    await cache.send(req, res, `page:${name}`, async () => {
      const page = await findPage(context.db, context.store.schema, { name })
      return page?.active ? { name: page.name, title: page.title, description: page.description } : undefined
    }, publicPageNotFound)
  })
  return router
}
