import { Router } from 'express'
import { configurationUpdateRequestSchema, idParamsSchema, storedConnectionTestRequestSchema } from '@donaciones/contracts'
import { requireRole, withValidation, type ServiceContext } from '@donaciones/kit'
import { testStoredConnection } from '../commands/connection-test.ts'
import { configurationNotFound } from '../commands/configuration-decider.ts'
import { updateConfiguration } from '../commands/update-configuration.ts'
import { loadConfiguration, type StoredConfiguration } from '../projections/configuration.ts'
import { listPages } from '../projections/pages.ts'
import { undeliveredMessages } from '../mail/mail-outbox.ts'
import { adminConfiguration } from '../queries/configuration-views.ts'
import { readSecrets } from '../secrets/secret-store.ts'
import { contentState } from '../state.ts'

/** The configuration screen: role 0 only (spec §2.5, §6). Secrets only as hasSecret/hasPass. */
export function configurationRoutes(context: ServiceContext): Router {
  const router = Router()
  const schema = context.store.schema
  const adminOnly = [context.auth.required, requireRole(0)]

  const view = async (configuration: StoredConfiguration) =>
    adminConfiguration(configuration, await listPages(context.db, schema), await readSecrets(context.db, schema, contentState(context).key))

  router.get('/api/configuration/edit', ...adminOnly, async (_req, res) => {
    const configuration = await loadConfiguration(context.db, schema)
    if (!configuration) throw configurationNotFound()
    res.set('Cache-Control', 'no-store').json(await view(configuration))
  })

  router.get('/api/configuration/mail/undelivered', ...adminOnly, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await undeliveredMessages(context))
  })

  // 'Probar conexión': a real, harmless call to the provider or the mail server with the stored secret.
  router.post(
    '/api/configuration/connection-test',
    ...adminOnly,
    withValidation({ body: storedConnectionTestRequestSchema }, async ({ body }, req, res) => {
      res.set('Cache-Control', 'no-store').json(await testStoredConnection(context, contentState(context).key, body.service, req.requestId))
    }),
  )

  router.get(
    '/api/configuration/:id',
    ...adminOnly,
    withValidation({ params: idParamsSchema }, async ({ params }, _req, res) => {
      const configuration = await loadConfiguration(context.db, schema)
      if (!configuration || configuration.id !== params.id) throw configurationNotFound()
      res.set('Cache-Control', 'no-store').json(await view(configuration))
    }),
  )

  router.put(
    '/api/configuration',
    ...adminOnly,
    withValidation({ body: configurationUpdateRequestSchema }, async ({ body }, req, res) => {
      const updated = await updateConfiguration(context, contentState(context).key, body.payload, {
        actor: req.auth!._id,
        correlationId: req.requestId,
        historical: body.historical,
      })
      res.json(await view(updated))
    }),
  )

  return router
}
