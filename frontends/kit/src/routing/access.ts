import {
  holdsPermission,
  keepsScroll,
  matchesPattern,
  normalisePath,
  remoteAreas,
  ROLE_FULL_ADMIN,
  ROLE_RESTRICTED_ADMIN,
  routesWith,
  SECTION_FORBIDDEN,
  type AuthUser,
  type PermissionAction,
} from '@donaciones/contracts'

/** Routes anyone may open (spec §2.1, plus the routes the contracts' route table adds). */
const publicRoutes: readonly string[] = routesWith('public')

/** Routes open to any signed-in user without a permission check ("bypass"). */
const bypassRoutes: readonly string[] = routesWith('signed-in')

export { keepsScroll, matchesPattern, remoteAreas }

const matchesAny = (patterns: readonly string[], pathname: string) => patterns.some((pattern) => matchesPattern(pattern, pathname))

export const isPublicRoute = (pathname: string) => matchesAny(publicRoutes, pathname)
export const isBypassRoute = (pathname: string) => matchesAny(bypassRoutes, pathname)
const isDashboardRoute = (pathname: string) => normalisePath(pathname) === '/dashboard' || pathname.startsWith('/dashboard/')

/**
 * Path segments whose permission module has another name. Donations are a module of their own
 * (`donation`, read only), so /dashboard/donation/* needs its read permission like the server.
 */
const MODULE_OF_SEGMENT: Readonly<Record<string, string>> = { 'user-admin': 'admin' }

/** Spec §5: the module is the third path segment (/dashboard/{module}/...). */
export function moduleOfPath(pathname: string): string | undefined {
  const segment = normalisePath(pathname).split('/')[2]
  return segment === undefined ? undefined : (MODULE_OF_SEGMENT[segment] ?? segment)
}

/** Spec §5: 'update' for edit routes, 'create' for create routes, otherwise 'read'. */
export function actionOfPath(pathname: string): PermissionAction {
  const segments = normalisePath(pathname).split('/')
  if (segments.includes('edit')) return 'update'
  if (segments.includes('create')) return 'create'
  return 'read'
}

/** Spec §6: role 0 may do everything; role 1 needs the module's permission; role 2 has none. */
export function hasPermission(user: AuthUser | null, module: string | undefined, action: PermissionAction = 'read'): boolean {
  return holdsPermission(user, module, action)
}

export interface RedirectInput {
  pathname: string
  /** false while the site has not been set up. */
  configured: boolean
  user: AuthUser | null
}

/** Where the guard sends the browser, and what it tells the person there (null: nothing to tell). */
export interface GuardRedirect {
  to: string
  notice: string | null
}

/**
 * Where the shell sends the browser instead of `pathname`, or null to stay (spec §2.1, §4, §5).
 * Server checks are the real guard; this keeps people off screens they cannot use.
 */
export function redirectFor(input: RedirectInput): string | null {
  return guardRedirect(input)?.to ?? null
}

/**
 * `redirectFor` with the notice the shell shows on arrival: a signed-in account sent away from a
 * dashboard section it may not open (a typed or bookmarked URL, a permission withdrawn) is told
 * why, 'No tiene permiso para ver esa sección', instead of landing elsewhere without a word.
 */
export function guardRedirect(input: RedirectInput): GuardRedirect | null {
  const to = destinationOf(input)
  if (to === null) return null
  const forbidden = input.user !== null && input.configured && !input.user.changePassword && isDashboardRoute(normalisePath(input.pathname))
  return { to, notice: forbidden ? SECTION_FORBIDDEN : null }
}

function destinationOf({ pathname, configured, user }: RedirectInput): string | null {
  const path = normalisePath(pathname)
  if (!configured) return path === '/configure' ? null : '/configure'
  if (path === '/configure') return '/'
  if (user?.changePassword) return path === '/reset-password' ? null : '/reset-password'
  if (path === '/reset-password') return user ? '/' : '/login'
  // A signed-in user has nothing to do on the sign-in and sign-up forms.
  if ((path === '/login' || path === '/register') && user) return '/'
  if (isPublicRoute(path)) return null
  if (!isBypassRoute(path) && !isDashboardRoute(path)) return '/'
  if (!user) return '/login'
  if (user.role !== ROLE_FULL_ADMIN && user.role !== ROLE_RESTRICTED_ADMIN) return '/'
  if (isBypassRoute(path) || path === '/') return null
  const module = moduleOfPath(path)
  // /dashboard/user/* serves users and administrators alike: either module's permission opens it,
  // and the screen and the server decide per record.
  const modules = module === 'user' ? ['user', 'admin'] : [module]
  return modules.some((name) => hasPermission(user, name, actionOfPath(path))) ? null : '/dashboard'
}
