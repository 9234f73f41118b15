import { Router } from 'express'
import { z } from 'zod'
import { idSchema, sessionStateSchema, setupAdminRequestSchema, type SetupAdminResponse } from '@donaciones/contracts'
import { notFound, requireInternalCall, withValidation } from '@donaciones/kit'
import type { IdentityDeps } from '../commands/deps.ts'
import { revertSetupAdmin, setupAdmin } from '../commands/setup-admin.ts'
import { findUserById, toAuthUser } from '../projections/users.ts'
import { issueToken } from '../tokens.ts'

/** Calls from the other services (never routed by the gateway; they carry the internal token). */
export function internalRoutes(deps: IdentityDeps): Router {
  const { store, directory } = deps.context
  const router = Router()
  router.use('/internal', requireInternalCall(directory))

  router.get(
    '/internal/sessions/:userId',
    withValidation({ params: z.object({ userId: idSchema }) }, async ({ params }, _req, res) => {
      const user = await findUserById(store.db, store.schema, params.userId)
      if (!user) throw notFound('Usuario no encontrado', 'El usuario solicitado no existe')
      res.json(sessionStateSchema.parse({ active: user.active, role: user.role, sessionVersion: user.session_version }))
    }),
  )

  router.post(
    '/internal/setup/admin',
    withValidation({ body: setupAdminRequestSchema }, async ({ body }, req, res) => {
      const user = await setupAdmin(deps, body, req.requestId)
      const token = await issueToken(deps.context, user, deps.options.tokenTtlSeconds)
      res.json({ userId: user.id, token, user: toAuthUser(user) } satisfies SetupAdminResponse)
    }),
  )

  router.delete(
    '/internal/setup/admin/:setupId',
    withValidation({ params: z.object({ setupId: idSchema }) }, async ({ params }, req, res) => {
      await revertSetupAdmin(deps, params.setupId, req.requestId)
      res.status(204).end()
    }),
  )

  return router
}
