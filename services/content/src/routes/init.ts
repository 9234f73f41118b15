import { Router } from 'express'
import { setupRequestSchema, type InitResponse } from '@donaciones/contracts'
import { withValidation, type ServiceContext } from '@donaciones/kit'
import { alreadyConfigured, runSetup } from '../commands/setup.ts'
import { loadConfiguration } from '../projections/configuration.ts'
import { listPages } from '../projections/pages.ts'
import { publicConfiguration } from '../queries/configuration-views.ts'
import { contentState } from '../state.ts'

/** GET /api/init (public configuration) and POST /api/init (setup wizard). */
export function initRoutes(context: ServiceContext): Router {
  const router = Router()
  const schema = context.store.schema

  router.get('/api/init', async (_req, res) => {
    const configuration = await loadConfiguration(context.db, schema)
    const body: InitResponse = configuration
      ? publicConfiguration(configuration, await listPages(context.db, schema), context.settings)
      : { configured: false }
    res.set('Cache-Control', 'no-store').json(body)
  })

  // Once configured the answer is 409 whatever the payload: checked before the body is validated.
  router.post(
    '/api/init',
    async (_req, _res, next) => {
      if (await loadConfiguration(context.db, schema)) throw alreadyConfigured()
      next()
    },
    withValidation({ body: setupRequestSchema }, async ({ body }, req, res) => {
      res.json(await runSetup(context, contentState(context).key, body, { correlationId: req.requestId }))
    }),
  )

  return router
}
