/**
 * Every route of the site a browser opens, written once (spec §2): who may open it, which remote
 * draws it, and what its document says to search engines. The web kit's access rules, the public
 * remote's routes, the gateway's page heads and sitemap, and the scroll rule are read from here.
 * (Kept free of zod: the browser's start-up imports it.)
 */

export type SiteRouteAccess =
  /** Anyone. */
  | 'public'
  /** Any signed-in user, without a permission check ("bypass"). */
  | 'signed-in'

export type SiteRemote = 'public' | 'setup' | 'dashboard'

export interface SiteRoute {
  /** `:param` stands for one path segment. */
  path: string
  access: SiteRouteAccess
  remote: SiteRemote
  /**
   * The page's own head: a canonical URL, a place in the sitemap and this title before the site's
   * name (null: the site's name alone). Absent: the head of the site (or of the campaign).
   */
  page?: { title: string | null; sitemapLastmod: 'newest-campaign' | null }
  /** Kept out of search engines (`noindex`). */
  unlisted?: true
  /** The scroll position is kept when arriving here (spec §2.1); reset on every other route. */
  keepsScroll?: true
}

export const siteRoutes = [
  { path: '/', access: 'public', remote: 'public', page: { title: null, sitemapLastmod: 'newest-campaign' } },
  { path: '/about', access: 'public', remote: 'public', page: { title: 'Nosotros', sitemapLastmod: null }, keepsScroll: true },
  { path: '/campaigns', access: 'public', remote: 'public', page: { title: 'Campañas', sitemapLastmod: 'newest-campaign' }, keepsScroll: true },
  { path: '/notice-of-privacy', access: 'public', remote: 'public', page: { title: 'Aviso de privacidad', sitemapLastmod: null }, keepsScroll: true },
  { path: '/terms-and-conditions', access: 'public', remote: 'public', page: { title: 'Términos y condiciones', sitemapLastmod: null }, keepsScroll: true },
  { path: '/campaigns/:slug', access: 'public', remote: 'public' },
  { path: '/login', access: 'public', remote: 'public', keepsScroll: true },
  { path: '/register', access: 'public', remote: 'public' },
  { path: '/verify-email', access: 'public', remote: 'public' },
  { path: '/forgot-password', access: 'public', remote: 'public', unlisted: true },
  { path: '/recover-password', access: 'public', remote: 'public', unlisted: true },
  // A monthly donor's e-mail links.
  { path: '/donacion-mensual', access: 'public', remote: 'public', unlisted: true },
  { path: '/reset-password', access: 'signed-in', remote: 'public', unlisted: true },
  { path: '/configure', access: 'public', remote: 'setup', unlisted: true },
  { path: '/dashboard', access: 'signed-in', remote: 'dashboard', unlisted: true },
  { path: '/dashboard/menu', access: 'signed-in', remote: 'dashboard', unlisted: true },
  { path: '/dashboard/donadora', access: 'signed-in', remote: 'dashboard', unlisted: true },
  { path: '/dashboard/user-admin/profile/edit', access: 'signed-in', remote: 'dashboard', unlisted: true },
  { path: '/dashboard/user-admin/profile/:id', access: 'signed-in', remote: 'dashboard', unlisted: true },
] as const satisfies readonly SiteRoute[]

type Route = (typeof siteRoutes)[number]

/** The paths the public remote draws (its `App.tsx` must give each one a screen). */
export type PublicRemotePath = Extract<Route, { remote: 'public' }>['path']

/**
 * Areas drawn by one remote whatever follows the prefix: the dashboard's other screens (each
 * behind its module's permission, see the web kit's access rules) and the wizard's.
 */
export const remoteAreas = [
  { prefix: '/dashboard', remote: 'dashboard' },
  { prefix: '/configure', remote: 'setup' },
] as const satisfies readonly { prefix: string; remote: SiteRemote }[]

/** A path without its trailing slashes (the root stays `/`). */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}

export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/')
  const got = normalisePath(pathname).split('/')
  return want.length === got.length && want.every((part, index) => (part.startsWith(':') ? Boolean(got[index]) : part === got[index]))
}

/** The route a path opens, or undefined (trailing slash ignored). */
export function siteRouteOf(pathname: string): SiteRoute | undefined {
  return (siteRoutes as readonly SiteRoute[]).find((route) => matchesPattern(route.path, pathname))
}

/** The remote that draws a path: its route's, its area's, else the public site's. */
export function remoteOf(pathname: string): SiteRemote {
  const path = normalisePath(pathname)
  const area = remoteAreas.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))
  return area?.remote ?? siteRouteOf(path)?.remote ?? 'public'
}

export const routesWith = (access: SiteRouteAccess): string[] => siteRoutes.filter((route) => route.access === access).map((route) => route.path)

/** The pages with a head of their own, in the sitemap's order. */
export const publicPages: readonly { path: string; title: string | null; sitemapLastmod: 'newest-campaign' | null }[] = siteRoutes.flatMap((route) =>
  'page' in route ? [{ path: route.path, ...route.page }] : [],
)

/** Screens search engines should not list: unlisted routes and everything under a remote area. */
export function isPrivateScreen(pathname: string): boolean {
  const path = normalisePath(pathname)
  const within = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`)
  return Boolean(siteRouteOf(path)?.unlisted) || remoteAreas.some(({ prefix }) => within(prefix)) || unlistedPrefixes.some(within)
}

/** An unlisted screen's path keeps what follows it out of search engines too. */
const unlistedPrefixes: readonly string[] = siteRoutes.flatMap((route) => ('unlisted' in route && !route.path.includes(':') ? [route.path] : []))

/** Whether arriving at a path keeps the scroll position (spec §2.1). */
export function keepsScroll(pathname: string): boolean {
  const route = siteRouteOf(pathname)
  return Boolean(route && !route.path.includes(':') && route.keepsScroll)
}
