import type { Role } from '@donaciones/contracts'
import { forbidden, hasPermission, type AuthClaims, type PermissionAction } from '@donaciones/kit'
import type { PermissionGrant } from '../modules.ts'

/** Administrators (roles 0 and 1) are managed under the `admin` module, users (role 2) under `user`. */
export function moduleOfRole(role: Role): 'admin' | 'user' {
  return role === 2 ? 'user' : 'admin'
}

/**
 * Spec §6 on the server: role 0 may do everything; role 1 needs `action` on the module of the
 * target's role, and may never create, change or promote to a role 0 user; anyone else nothing.
 */
export function assertCanManage(actor: AuthClaims, targetRole: Role, action: PermissionAction): void {
  if (!hasPermission(actor, moduleOfRole(targetRole), action)) throw forbidden()
  if (targetRole === 0 && action !== 'read' && actor.role !== 0) {
    throw forbidden('Acceso denegado', 'Solo un administrador total puede gestionar administradores totales')
  }
}

const actions: readonly PermissionAction[] = ['read', 'create', 'update']

/**
 * Nobody hands out more than they hold: a role 1 administrator may only add permissions he has
 * himself (permissions the user already had may stay). Role 0 may grant anything.
 */
export function assertCanGrant(actor: AuthClaims, previous: readonly PermissionGrant[], next: readonly PermissionGrant[]): void {
  if (actor.role === 0) return
  for (const grant of next) {
    const before = previous.find((entry) => entry.module === grant.module)
    for (const action of actions) {
      if (grant[action] && !before?.[action] && !hasPermission(actor, grant.module, action)) {
        throw forbidden('Acceso denegado', 'No puede otorgar permisos que usted no tiene')
      }
    }
  }
}

/** True when `next` gives anything `previous` did not. */
export function addsPermissions(previous: readonly PermissionGrant[], next: readonly PermissionGrant[]): boolean {
  return next.some((grant) => {
    const before = previous.find((entry) => entry.module === grant.module)
    return actions.some((action) => grant[action] && !before?.[action])
  })
}
