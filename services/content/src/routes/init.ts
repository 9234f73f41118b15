import { Router } from 'express'
import { setupRequestSchema, type InitResponse } from '@donaciones/contracts'
import { publicCacheFor, withValidation, type ServiceContext } from '@donaciones/kit'
import { alreadyConfigured, runSetup } from '../commands/setup.ts'
import { loadConfiguration } from '../projections/configuration.ts'
import { listPages } from '../projections/pages.ts'
import { publicConfiguration } from '../queries/configuration-views.ts'
import { contentState } from '../state.ts'

/** GET /api/init (public configuration) and POST /api/init (setup wizard). */
export function initRoutes(context: ServiceContext): Router {
  const router = Router()
  const schema = context.store.schema
  const cache = publicCacheFor(context.changes, { maxAgeMs: context.settings.PUBLIC_CACHE_MAX_AGE_MS })
  const publicInit = async (): Promise<InitResponse> => {
    const configuration = await loadConfiguration(context.db, schema)
    return configuration ? publicConfiguration(configuration, await listPages(context.db, schema), context.settings) : { configured: false }
  }

  // Public, from memory: dropped on every change of the service heard of (decision 80), else at most a second old.
  router.get('/api/init', async (req, res) => {
    await cache.send(req, res, 'init', publicInit)
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
