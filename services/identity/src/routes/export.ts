import { Router } from 'express'
import { ROLE_LABELS, userExportQuerySchema, userExportRequestSchema, type Role } from '@donaciones/contracts'
import { forbidden, hasPermission, unauthorized, withValidation, type AuthClaims } from '@donaciones/kit'
import { buildXlsx, sendXlsx } from '@donaciones/xlsx'
import { moduleOfRole } from '../commands/authorization.ts'
import type { IdentityDeps } from '../commands/deps.ts'
import { listUsers, type UserRow } from '../projections/users.ts'
import { requireUserModules } from './actor.ts'

function readableRoles(actor: AuthClaims, list: 'user' | 'admin' | undefined): Role[] {
  const roles: Role[] = []
  if (list !== 'user' && hasPermission(actor, 'admin', 'read')) roles.push(0, 1)
  if (list !== 'admin' && hasPermission(actor, 'user', 'read')) roles.push(2)
  return roles
}

/** POST /api/users/export {selection}: the selected users (or every readable one) as .xlsx. */
export function exportRoutes(deps: IdentityDeps): Router {
  const { store, auth } = deps.context
  const router = Router()
  router.post(
    '/api/users/export',
    auth.required,
    // Refused before the body is read, as the other user routes do; the lists and rows are checked below.
    requireUserModules('read'),
    withValidation({ body: userExportRequestSchema, query: userExportQuerySchema }, async ({ body, query }, req, res) => {
      const actor = req.auth
      if (!actor) throw unauthorized()
      const roles = readableRoles(actor, query.list)
      if (roles.length === 0) throw forbidden()
      let rows: UserRow[]
      if (body.selection.length === 0) {
        rows = await listUsers(store.db, store.schema, roles)
      } else {
        rows = await listUsers(store.db, store.schema, [0, 1, 2], body.selection)
        if (rows.some((row) => !hasPermission(actor, moduleOfRole(row.role), 'read'))) throw forbidden()
      }
      const workbook = await buildXlsx<UserRow>({
        name: 'Usuarios',
        columns: [
          { header: 'Nombre', value: (row) => row.name },
          { header: 'Apellido', value: (row) => row.last_name },
          { header: 'Correo electrónico', value: (row) => row.email },
          { header: 'Rol', value: (row) => ROLE_LABELS[row.role] },
          { header: 'Activo', value: (row) => (row.active ? 'Sí' : 'No') },
          { header: 'Fecha de creación', value: (row) => new Date(row.created_at), type: 'dateTime' },
          { header: 'Última actualización', value: (row) => new Date(row.updated_at), type: 'dateTime' },
        ],
        rows,
      })
      sendXlsx(res, 'usuarios.xlsx', workbook)
    }),
  )
  return router
}
