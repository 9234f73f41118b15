import { Router } from 'express'
import { setupRequestSchema, typedConnectionTestRequestSchema, type InitResponse } from '@donaciones/contracts'
import { conflict, publicCacheFor, takeAttempt, tooManyRequests, withValidation, type ServiceContext } from '@donaciones/kit'
import { testTypedConnection } from '../commands/connection-test.ts'
import { alreadyConfigured } from '../commands/configuration-decider.ts'
import { runSetup } from '../commands/setup.ts'
import { loadConfiguration } from '../projections/configuration.ts'
import { listPages } from '../projections/pages.ts'
import { publicConfiguration } from '../queries/configuration-views.ts'
import { contentState } from '../state.ts'

/**
 * The wizard's connection tests before the first administrator exists, so without a session: at
 * most 20 per address and 100 in all each 10 minutes (each one is a call from the server to a host
 * the request names).
 */
export const wizardConnectionTestLimits = { perAddress: 20, perSite: 100, windowMs: 10 * 60 * 1000 }

/** GET /api/init (public configuration), POST /api/init (setup wizard) and the wizard's 'Probar conexión'. */
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

  // Only while the site is not configured (checked before the body, as POST /api/init); afterwards Configuración tests the stored settings.
  router.post(
    '/api/init/connection-test',
    async (req, _res, next) => {
      if (await loadConfiguration(context.db, schema)) throw conflict('Sitio ya configurado', 'Pruebe las conexiones desde Configuración')
      const { perAddress, perSite, windowMs } = wizardConnectionTestLimits
      const verdict = await takeAttempt(context.db, schema, {
        limits: [
          { key: `connection-test:${req.ip ?? 'desconocida'}`, max: perAddress, windowMs },
          { key: 'connection-test', max: perSite, windowMs },
        ],
      })
      if (!verdict.allowed) {
        const minutes = Math.ceil(verdict.waitSeconds / 60)
        throw tooManyRequests('Demasiadas pruebas', `Intente de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`, { headers: { 'Retry-After': String(verdict.waitSeconds) } })
      }
      next()
    },
    withValidation({ body: typedConnectionTestRequestSchema }, async ({ body }, req, res) => {
      res.set('Cache-Control', 'no-store').json(await testTypedConnection(context, body, req.requestId))
    }),
  )

  return router
}
