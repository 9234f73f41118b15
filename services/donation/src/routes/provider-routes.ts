import { Router } from 'express'
import { internalProviderCheckRequestSchema, type ProviderFailuresResponse } from '@donaciones/contracts'
import { requireInternalCall, requireRole, withValidation, type ServiceContext } from '@donaciones/kit'
import { checkProvider } from '../commands/provider-check.ts'
import type { DonationDeps } from '../deps.ts'

/**
 * The payment providers' health: their failures at donation time for the full administrator
 * (Configuración and the dashboard's home), and the check behind 'Probar conexión', which the
 * content service calls (it owns the configuration screen and the wizard).
 */
export function providerRoutes(deps: DonationDeps, context: ServiceContext): Router {
  const router = Router()

  router.get('/api/donations/providers/failures', context.auth.required, requireRole(0), async (_req, res) => {
    const body: ProviderFailuresResponse = { items: await deps.providerHealth.list() }
    res.set('Cache-Control', 'no-store').json(body)
  })

  router.post(
    '/internal/providers/check',
    requireInternalCall(context.directory),
    withValidation({ body: internalProviderCheckRequestSchema }, async ({ body }, req, res) => {
      res.set('Cache-Control', 'no-store').json(await checkProvider(deps, body, req.requestId))
    }),
  )

  return router
}
