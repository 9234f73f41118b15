import { describe, expect, it } from 'vitest'
import type { AuthUser, ModuleName } from '@donaciones/contracts'
import { actionOfPath, guardRedirect, hasPermission, keepsScroll, moduleOfPath, redirectFor } from './access.ts'

const moduleEntry = (name: ModuleName, rights: { read?: boolean; create?: boolean; update?: boolean }) => ({
  module: { _id: `m-${name}`, label: name, name, path: `/dashboard/${name}` },
  read: rights.read ?? false,
  create: rights.create ?? false,
  update: rights.update ?? false,
  delete: false as const,
})

function user(overrides: Partial<AuthUser> = {}): AuthUser {
  return { _id: 'u1', role: 0, active: true, changePassword: false, permissions: [], name: 'Ana', lastName: 'Pérez', thumbnail: null, picture: null, email: 'ana@fundacion.mx', ...overrides }
}

const restricted = user({ role: 1, permissions: [moduleEntry('campaign', { read: true, create: true })] })

describe('route rules of spec §2.1, §4 and §5', () => {
  it('sends everything to /configure until the site is set up, and /configure home afterwards', () => {
    expect(redirectFor({ pathname: '/campaigns', configured: false, user: null })).toBe('/configure')
    expect(redirectFor({ pathname: '/configure', configured: false, user: null })).toBeNull()
    expect(redirectFor({ pathname: '/configure', configured: true, user: null })).toBe('/')
  })

  it('locks a user with a provisional password to /reset-password', () => {
    const locked = user({ role: 2, changePassword: true })
    for (const pathname of ['/', '/campaigns', '/dashboard', '/login', '/register', '/verify-email']) {
      expect(redirectFor({ pathname, configured: true, user: locked })).toBe('/reset-password')
    }
    expect(redirectFor({ pathname: '/reset-password', configured: true, user: locked })).toBeNull()
  })

  it('sends a user without a pending change away from /reset-password, and visitors to /login', () => {
    expect(redirectFor({ pathname: '/reset-password', configured: true, user: user() })).toBe('/')
    expect(redirectFor({ pathname: '/reset-password', configured: true, user: null })).toBe('/login')
  })

  it('sends a signed-in user away from /login and /register, and unknown routes to /', () => {
    expect(redirectFor({ pathname: '/login', configured: true, user: user({ role: 2 }) })).toBe('/')
    expect(redirectFor({ pathname: '/login', configured: true, user: null })).toBeNull()
    expect(redirectFor({ pathname: '/register', configured: true, user: user({ role: 2 }) })).toBe('/')
    expect(redirectFor({ pathname: '/register/', configured: true, user: user() })).toBe('/')
    // The mailed link may be opened in a browser where someone is signed in: it still verifies.
    expect(redirectFor({ pathname: '/verify-email', configured: true, user: user({ role: 2 }) })).toBeNull()
    expect(redirectFor({ pathname: '/no/existe', configured: true, user: null })).toBe('/')
  })

  it('opens the public routes to visitors, with and without a trailing slash', () => {
    for (const pathname of ['/', '/about', '/campaigns', '/campaigns/utiles-escolares', '/campaigns/', '/notice-of-privacy', '/terms-and-conditions', '/forgot-password', '/recover-password', '/register', '/register/', '/verify-email', '/donacion-mensual']) {
      expect(redirectFor({ pathname, configured: true, user: null })).toBeNull()
    }
  })

  it('guards the dashboard: visitors to /login, role 2 to /, role 0 everywhere', () => {
    expect(redirectFor({ pathname: '/dashboard/campaign/list', configured: true, user: null })).toBe('/login')
    expect(redirectFor({ pathname: '/dashboard/campaign/list', configured: true, user: user({ role: 2 }) })).toBe('/')
    expect(redirectFor({ pathname: '/dashboard/configuration/edit', configured: true, user: user() })).toBeNull()
  })

  it('gives role 1 the module of the third segment with read, create or update by the route', () => {
    expect(redirectFor({ pathname: '/dashboard/campaign/list', configured: true, user: restricted })).toBeNull()
    expect(redirectFor({ pathname: '/dashboard/campaign/create', configured: true, user: restricted })).toBeNull()
    expect(redirectFor({ pathname: '/dashboard/campaign/edit/c1', configured: true, user: restricted })).toBe('/dashboard')
    expect(redirectFor({ pathname: '/dashboard/institution/list', configured: true, user: restricted })).toBe('/dashboard')
    expect(redirectFor({ pathname: '/dashboard/user-admin/profile/edit', configured: true, user: restricted })).toBeNull()
    expect(redirectFor({ pathname: '/dashboard', configured: true, user: restricted })).toBeNull()
  })

  it('tells a signed-in account sent away from a dashboard section why, and nobody else', () => {
    const forbidden = { to: '/dashboard', notice: 'No tiene permiso para ver esa sección' }
    expect(guardRedirect({ pathname: '/dashboard/institution/list', configured: true, user: restricted })).toEqual(forbidden)
    expect(guardRedirect({ pathname: '/dashboard/campaign/edit/c1', configured: true, user: restricted })).toEqual(forbidden)
    expect(guardRedirect({ pathname: '/dashboard/configuration/edit/', configured: true, user: restricted })).toEqual(forbidden)
    expect(guardRedirect({ pathname: '/dashboard/campaign/list', configured: true, user: user({ role: 2 }) })).toEqual({ to: '/', notice: 'No tiene permiso para ver esa sección' })
    // Allowed, or sent for another reason: no notice.
    expect(guardRedirect({ pathname: '/dashboard/campaign/list', configured: true, user: restricted })).toBeNull()
    expect(guardRedirect({ pathname: '/dashboard/campaign/list', configured: true, user: null })).toEqual({ to: '/login', notice: null })
    expect(guardRedirect({ pathname: '/dashboard/campaign/list', configured: true, user: user({ role: 1, changePassword: true }) })).toEqual({ to: '/reset-password', notice: null })
    expect(guardRedirect({ pathname: '/dashboard/campaign/list', configured: false, user: restricted })).toEqual({ to: '/configure', notice: null })
    expect(guardRedirect({ pathname: '/login', configured: true, user: restricted })).toEqual({ to: '/', notice: null })
    expect(guardRedirect({ pathname: '/no/existe', configured: true, user: restricted })).toEqual({ to: '/', notice: null })
  })

  it('opens /dashboard/user/* to an administrator who manages either users or administrators', () => {
    const adminsOnly = user({ role: 1, permissions: [moduleEntry('admin', { read: true, create: true })] })
    expect(redirectFor({ pathname: '/dashboard/user/create', configured: true, user: adminsOnly })).toBeNull()
    expect(redirectFor({ pathname: '/dashboard/user/view/u2', configured: true, user: adminsOnly })).toBeNull()
    expect(redirectFor({ pathname: '/dashboard/user/edit/u2', configured: true, user: adminsOnly })).toBe('/dashboard')
    expect(redirectFor({ pathname: '/dashboard/user/list', configured: true, user: restricted })).toBe('/dashboard')
  })

  it('opens /dashboard/donation/* only to role 0 and to role 1 with read on donations, not campaigns', () => {
    for (const pathname of ['/dashboard/donation/list', '/dashboard/donation/card/view/d1']) {
      expect(redirectFor({ pathname, configured: true, user: restricted })).toBe('/dashboard')
      expect(redirectFor({ pathname, configured: true, user: user({ role: 1, permissions: [moduleEntry('donation', { read: true })] }) })).toBeNull()
      expect(redirectFor({ pathname, configured: true, user: user() })).toBeNull()
      expect(redirectFor({ pathname, configured: true, user: user({ role: 2 }) })).toBe('/')
    }
  })

  it('reads module and action from the path', () => {
    expect(moduleOfPath('/dashboard/category/view/9')).toBe('category')
    expect(moduleOfPath('/dashboard/user-admin/list')).toBe('admin')
    expect(moduleOfPath('/dashboard/donation/oxxo/list')).toBe('donation')
    expect(actionOfPath('/dashboard/category/edit/9')).toBe('update')
    expect(actionOfPath('/dashboard/category/create')).toBe('create')
    expect(actionOfPath('/dashboard/category/view/9')).toBe('read')
  })

  it('checks permissions: role 0 always, role 1 per module and action, role 2 and visitors never', () => {
    expect(hasPermission(user(), 'campaign', 'update')).toBe(true)
    expect(hasPermission(restricted, 'campaign', 'create')).toBe(true)
    expect(hasPermission(restricted, 'campaign', 'update')).toBe(false)
    expect(hasPermission(restricted, 'user')).toBe(false)
    expect(hasPermission(user({ role: 2 }), 'campaign')).toBe(false)
    expect(hasPermission(null, 'campaign')).toBe(false)
  })

  it('keeps the scroll position only on the routes spec §2.1 names', () => {
    for (const pathname of ['/about', '/campaigns', '/notice-of-privacy', '/terms-and-conditions', '/login']) expect(keepsScroll(pathname)).toBe(true)
    for (const pathname of ['/', '/campaigns/uno', '/forgot-password', '/register', '/verify-email']) expect(keepsScroll(pathname)).toBe(false)
  })
})
