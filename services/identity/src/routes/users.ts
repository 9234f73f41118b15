import { Router } from 'express'
import {
  ADMIN_CREATED_TITLE,
  adminCreatedMessage,
  idParamsSchema,
  RECORD_ACTIVATED,
  RECORD_DEACTIVATED,
  RECORD_SAVED,
  RECORD_UPDATED,
  provisionalPasswordRequestSchema,
  userCreateRequestSchema,
  userToggleRequestSchema,
  userUpdateRequestSchema,
  type User,
  type ProvisionalPasswordResponse,
  type UserChangedResponse,
  type UserCreatedResponse,
  isToggleRequest,
} from '@donaciones/contracts'
import { requirePermission, withValidation } from '@donaciones/kit'
import { createUser } from '../commands/create-user.ts'
import type { IdentityDeps } from '../commands/deps.ts'
import { issueProvisionalPassword } from '../commands/provisional-password.ts'
import { toggleUser } from '../commands/toggle-user.ts'
import { updateUser } from '../commands/update-user.ts'
import { listUsers, toUser } from '../projections/users.ts'
import { actorOf, requireUserModules } from './actor.ts'


export function usersRoutes(deps: IdentityDeps): Router {
  const { store, auth } = deps.context
  const router = Router()

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
      const user = await createUser(deps, body, { actor: actorOf(req), correlationId: req.requestId })
      res.status(201).json({
        message: user.role === 2 ? RECORD_SAVED : ADMIN_CREATED_TITLE,
        description: adminCreatedMessage(user.email),
        mailQueued: true,
        user: toUser(user),
      } satisfies UserCreatedResponse)
    }),
  )

  router.post(
    '/api/users/:id/provisional-password',
    auth.required,
    requireUserModules('update'),
    withValidation({ params: idParamsSchema, body: provisionalPasswordRequestSchema }, async ({ params, body }, req, res) => {
      const user = await issueProvisionalPassword(deps, params.id, {
        actor: actorOf(req),
        correlationId: req.requestId,
        historical: body.historical,
      })
      res.json({ message: 'Contraseña provisional generada', description: adminCreatedMessage(user.email), mailQueued: true } satisfies ProvisionalPasswordResponse)
    }),
  )

  router.put(
    '/api/users/:id',
    auth.required,
    requireUserModules('update'),
    // `{payload: {active}}` toggles; any other payload updates.
    withValidation({ params: idParamsSchema, body: (raw) => (isToggleRequest(raw) ? userToggleRequestSchema : userUpdateRequestSchema) }, async ({ params, body }, req, res) => {
      const meta = { actor: actorOf(req), correlationId: req.requestId }
      if (isToggleRequest(body)) {
        const user = await toggleUser(deps, params.id, body.payload.active, { ...meta, historical: body.historical })
        res.json({ message: user.active ? RECORD_ACTIVATED : RECORD_DEACTIVATED, user: toUser(user) } satisfies UserChangedResponse)
        return
      }
      const user = await updateUser(deps, params.id, body.payload, { ...meta, historical: body.historical })
      res.json({ message: RECORD_UPDATED, user: toUser(user) } satisfies UserChangedResponse)
    }),
  )

  return router
}
