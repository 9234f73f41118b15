import { Router, type Request } from 'express'
import { idParamsSchema, type User } from '@donaciones/contracts'
import { forbidden, hasPermission, withValidation, type PermissionAction } from '@donaciones/kit'
import { moduleOfRole } from '../commands/authorization.ts'
import type { IdentityDeps } from '../commands/deps.ts'
import { userNotFound } from '../commands/user-decider.ts'
import { permissionMatrix } from '../modules.ts'
import { findUserById, toUser, type UserRow } from '../projections/users.ts'
import { actorOf } from './actor.ts'

/** GET /api/users/{id} and /api/users/edit/{id}; registered last so fixed paths win. */
export function userDetailRoutes(deps: IdentityDeps): Router {
  const { store, auth } = deps.context
  const router = Router()
  /** Anyone reads his own record; otherwise `action` on the module of the user's role. */
  const load = async (req: Request, id: string, action: PermissionAction): Promise<UserRow> => {
    const actor = actorOf(req)
    const self = actor._id === id
    // Refused before the lookup, so a user without any access cannot probe which ids exist.
    if (!self && !hasPermission(actor, 'admin', action) && !hasPermission(actor, 'user', action)) throw forbidden()
    const user = await findUserById(store.db, store.schema, id)
    if (!user) throw userNotFound()
    if (!self && !hasPermission(actor, moduleOfRole(user.role), action)) throw forbidden()
    return user
  }
  const byId = { params: idParamsSchema }
  router.get('/api/users/edit/:id', auth.required, withValidation(byId, async ({ params }, req, res) => {
    const user = await load(req, params.id, 'update')
    res.json({ ...toUser(user), permissions: permissionMatrix(user.permissions) } satisfies User)
  }))
  router.get('/api/users/:id', auth.required, withValidation(byId, async ({ params }, req, res) => {
    res.json(toUser(await load(req, params.id, 'read')) satisfies User)
  }))
  return router
}
