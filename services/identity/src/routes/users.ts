import { Router } from 'express'
import { z } from 'zod'
import {
  ADMIN_CREATED_TITLE,
  adminCreatedMessage,
  historicalInputSchema,
  idParamsSchema,
  RECORD_ACTIVATED,
  RECORD_DEACTIVATED,
  RECORD_SAVED,
  RECORD_UPDATED,
  userCreateRequestSchema,
  userToggleRequestSchema,
  userUpdateRequestSchema,
  type User,
  isToggleRequest,
} from '@donaciones/contracts'
import { parseInput, requirePermission, withValidation } from '@donaciones/kit'
import { createUser } from '../commands/create-user.ts'
import type { IdentityDeps } from '../commands/deps.ts'
import { issueProvisionalPassword } from '../commands/provisional-password.ts'
import { toggleUser } from '../commands/toggle-user.ts'
import { updateUser } from '../commands/update-user.ts'
import { mailProvisionalPassword } from '../mail.ts'
import { listUsers, toUser } from '../projections/users.ts'
import { actorOf, requireUserModules } from './actor.ts'


export function usersRoutes(deps: IdentityDeps): Router {
  const { store, auth } = deps.context
  const router = Router()
  const loginUrl = `${deps.options.publicUrl}/login`

  router.get('/api/users', auth.required, requirePermission('user', 'read'), async (_req, res) => {
    res.json((await listUsers(store.db, store.schema, [2])).map(toUser) satisfies User[])
  })

  router.get('/api/users/admin', auth.required, requirePermission('admin', 'read'), async (_req, res) => {
    res.json((await listUsers(store.db, store.schema, [0, 1])).map(toUser) satisfies User[])
  })

  router.post(
    '/api/users',
    auth.required,
    requireUserModules('create'),
    withValidation({ body: userCreateRequestSchema }, async ({ body }, req, res) => {
      const { user, provisionalPassword } = await createUser(deps, body, { actor: actorOf(req), correlationId: req.requestId })
      const mailed = await mailProvisionalPassword(deps.context, user, provisionalPassword, loginUrl, req.requestId)
      res.status(201).json({
        message: user.role === 2 ? RECORD_SAVED : ADMIN_CREATED_TITLE,
        description: mailed
          ? adminCreatedMessage(user.email)
          : `No se pudo enviar la contraseña provisional a ${user.email}. Genere una nueva desde el detalle del usuario.`,
        mailSent: mailed,
        user: toUser(user),
      })
    }),
  )

  router.post(
    '/api/users/:id/provisional-password',
    auth.required,
    requireUserModules('update'),
    withValidation({ params: idParamsSchema, body: z.object({ historical: historicalInputSchema }) }, async ({ params, body }, req, res) => {
      const { user, provisionalPassword } = await issueProvisionalPassword(deps, params.id, {
        actor: actorOf(req),
        correlationId: req.requestId,
        historical: body.historical,
      })
      const mailed = await mailProvisionalPassword(deps.context, user, provisionalPassword, loginUrl, req.requestId)
      res.status(mailed ? 200 : 502).json({
        message: mailed ? 'Contraseña provisional enviada' : 'Correo no enviado',
        description: mailed ? adminCreatedMessage(user.email) : `No se pudo enviar la contraseña provisional a ${user.email}. Intente de nuevo más tarde.`,
        mailSent: mailed,
      })
    }),
  )

  router.put(
    '/api/users/:id',
    auth.required,
    requireUserModules('update'),
    withValidation({ params: idParamsSchema }, async ({ params }, req, res) => {
      const meta = { actor: actorOf(req), correlationId: req.requestId }
      if (isToggleRequest(req.body)) {
        const body = await parseInput(userToggleRequestSchema, req.body)
        const user = await toggleUser(deps, params.id, body.payload.active, { ...meta, historical: body.historical })
        res.json({ message: user.active ? RECORD_ACTIVATED : RECORD_DEACTIVATED, user: toUser(user) })
        return
      }
      const body = await parseInput(userUpdateRequestSchema, req.body)
      const user = await updateUser(deps, params.id, body.payload, { ...meta, historical: body.historical })
      res.json({ message: RECORD_UPDATED, user: toUser(user) })
    }),
  )

  return router
}
