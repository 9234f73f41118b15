import type { Role } from '@donaciones/contracts'
import { hasPermission, refuse, type AuthClaims, type PermissionAction } from '@donaciones/kit'
import { normalizeGrants, type PermissionGrant } from '../modules.ts'

/** Administrators (roles 0 and 1) are managed under the `admin` module, users (role 2) under `user`. */
export function moduleOfRole(role: Role): 'admin' | 'user' {
  return role === 2 ? 'user' : 'admin'
}

/**
 * Spec §6 on the server: role 0 may do everything; role 1 needs `action` on the module of the
 * target's role, and may never create, change or promote to a role 0 user; anyone else nothing.
 */
export function assertCanManage(actor: AuthClaims, targetRole: Role, action: PermissionAction): void {
  if (!hasPermission(actor, moduleOfRole(targetRole), action)) throw refuse.notAllowed()
  if (targetRole === 0 && action !== 'read' && actor.role !== 0) {
    throw refuse.notAllowed('Acceso denegado', 'Solo un administrador total puede gestionar administradores totales')
  }
}

const actions: readonly PermissionAction[] = ['read', 'create', 'update']

/**
 * Nobody hands out more than they hold: a role 1 administrator may only add permissions he has
 * himself (permissions the user already had may stay). Role 0 may grant anything. Used where no
 * user exists yet (creation); a change of an existing user goes through permissionChangeRefusal.
 */
export function assertCanGrant(actor: AuthClaims, previous: readonly PermissionGrant[], next: readonly PermissionGrant[]): void {
  if (actor.role === 0) return
  for (const grant of next) {
    const before = previous.find((entry) => entry.module === grant.module)
    for (const action of actions) {
      if (grant[action] && !before?.[action] && !hasPermission(actor, grant.module, action)) {
        throw refuse.notAllowed('Acceso denegado', 'No puede otorgar permisos que usted no tiene')
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

/**
 * A restricted administrator changes another user's permissions only where he holds them himself:
 * each module action the change gives or takes away, compared with what the target holds before
 * the change, must be one the caller holds. Otherwise an administrator holding only `admin` could
 * strip a stronger one's permissions and then take his account over (takeoverRefusal judges the
 * permissions the target holds at that moment). Returns the Spanish reason of the refusal, or null.
 */
export function permissionChangeRefusal(actor: AuthClaims, previous: readonly PermissionGrant[], next: readonly PermissionGrant[]): string | null {
  if (actor.role === 0) return null
  const modulesOfChange = new Set([...previous, ...next].map((grant) => grant.module))
  let removes = false
  for (const module of modulesOfChange) {
    const before = previous.find((entry) => entry.module === module)
    const after = next.find((entry) => entry.module === module)
    for (const action of actions) {
      const had = before?.[action] ?? false
      const has = after?.[action] ?? false
      if (had === has || hasPermission(actor, module, action)) continue
      if (has) return 'No puede otorgar permisos que usted no tiene'
      removes = true
    }
  }
  return removes ? 'No puede quitar permisos que usted no tiene' : null
}

/** The parts of a user the takeover rule looks at. */
export interface ManagedUser {
  id: string
  role: Role
  permissions: readonly PermissionGrant[]
}

/**
 * Account takeover between administrators: changing another administrator's e-mail or password
 * (a provisional one included) or deactivating him lets the caller sign in as him, so it needs
 * role 0 or a caller who already holds every permission (module and action) the target holds.
 * Returns the Spanish reason of the refusal, or null when the change may go ahead.
 */
export function takeoverRefusal(actor: AuthClaims, target: ManagedUser): string | null {
  if (actor.role === 0 || actor._id === target.id || target.role === 2) return null
  if (target.role === 0) return 'Solo un administrador total puede cambiar el correo, la contraseña o el estado de otro administrador total'
  const lacks = normalizeGrants(target.permissions).some((grant) => actions.some((action) => grant[action] && !hasPermission(actor, grant.module, action)))
  return lacks ? 'No puede cambiar el correo, la contraseña ni el estado de un administrador con permisos que usted no tiene' : null
}

/** The 403 of a refused takeover (the refusal is recorded first as a UserChangeRefused event). */
export const takeoverForbidden = (reason: string) => refuse.notAllowed('Acceso denegado', reason)
