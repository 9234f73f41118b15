import { holdsPermission, needsSession, type PermissionHolder, type RouteAccess } from '@donaciones/contracts'

/** Someone calling the API: no token, or an account's token and what its session carries. */
export interface Caller {
  label: string
  token?: string
  holder?: PermissionHolder
}

/**
 * What the access rule alone decides for this caller: 401 (no session), 403 (no role or permission),
 * 'through' (the rule lets the call reach the route), or undefined when the route decides per record.
 */
export type AccessVerdict = 401 | 403 | 'through' | undefined

export function accessVerdict(access: RouteAccess, caller: Caller): AccessVerdict {
  if (!caller.holder) return needsSession(access) ? 401 : 'through'
  const { holder } = caller
  switch (access.kind) {
    case 'public':
    case 'optional':
      return 'through'
    case 'session':
      return undefined
    case 'role':
      return (access.roles as readonly number[]).includes(holder.role) ? 'through' : 403
    case 'permission':
      return access.modules.some((module) => holdsPermission(holder, module, access.action)) ? 'through' : 403
  }
}

/** The answer's problem against the verdict, or undefined when it agrees. */
export function accessProblem(verdict: AccessVerdict, status: number, message: string): string | undefined {
  switch (verdict) {
    case 401:
      // The gateway's or the service's session check, not a refusal of the route's own.
      return status === 401 && message === 'Sesión requerida' ? undefined : `se esperaba 401 'Sesión requerida', llegó ${status} '${message}'`
    case 403:
      return status === 403 ? undefined : `se esperaba 403, llegó ${status} '${message}'`
    case 'through':
      return status === 401 || status === 403 ? `se esperaba que la regla de acceso dejara pasar, llegó ${status} '${message}'` : undefined
    case undefined:
      return undefined
  }
}
