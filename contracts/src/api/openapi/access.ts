import { ROLE_LABELS } from '../../limits.ts'
import { moduleHasAction, permissionActionLabels } from '../../entities/permission.ts'
import { dashboardModule, moduleActionsText } from '../../rules/permissions.ts'
import type { RouteAccess } from './operation.ts'

/** The name of the bearer-token security scheme in the document. */
export const SESSION_SCHEME = 'sesion'

const either = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} o ${items.at(-1) ?? ''}`)

/** Who may call the route, in Spanish, as the dashboard's permission matrix names roles and permissions. */
export function accessSummary(access: RouteAccess): string {
  switch (access.kind) {
    case 'public':
      return 'Pública: no requiere sesión.'
    case 'optional':
      return 'Pública; con una sesión válida se hace a nombre de esa cuenta.'
    case 'session':
      return access.passwordChange
        ? 'Cualquier cuenta con sesión, también la que debe cambiar su contraseña.'
        : 'Cualquier cuenta con sesión.'
    case 'role':
      return `Sesión de ${either(access.roles.map((role) => ROLE_LABELS[role]))}.`
    case 'permission': {
      // No role 1 account can hold it where no module of the route has the action.
      const grantable = access.modules.filter((module) => moduleHasAction(module, access.action))
      if (grantable.length === 0) return `Solo ${ROLE_LABELS[0]}: ${either(access.modules.map(moduleActionsText))}.`
      const modules = either(grantable.map((module) => dashboardModule(module).label))
      return `${ROLE_LABELS[0]}, o ${ROLE_LABELS[1].toLowerCase()} con el permiso ${permissionActionLabels[access.action]} en ${modules}.`
    }
  }
}

/** Whether a call without a valid session is refused with 401. */
export const needsSession = (access: RouteAccess): boolean => access.kind !== 'public' && access.kind !== 'optional'

/** The operation's OpenAPI security requirements: none, an optional bearer token, or a required one. */
export function securityOf(access: RouteAccess): Record<string, string[]>[] {
  if (access.kind === 'public') return []
  if (access.kind === 'optional') return [{}, { [SESSION_SCHEME]: [] }]
  return [{ [SESSION_SCHEME]: [] }]
}
