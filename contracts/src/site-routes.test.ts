import { describe, expect, it } from 'vitest'
import { isPrivateScreen, keepsScroll, publicPages, remoteOf, routesWith, siteRouteOf, siteRoutes } from './site-routes.ts'

describe('the site route table', () => {
  it('lists each path once', () => {
    const paths = siteRoutes.map((route) => route.path)
    expect(new Set(paths).size).toBe(paths.length)
  })

  it('tells who may open a route', () => {
    expect(routesWith('public')).toEqual(expect.arrayContaining(['/', '/campaigns/:slug', '/login', '/configure', '/donacion-mensual']))
    expect(routesWith('signed-in')).toEqual(expect.arrayContaining(['/reset-password', '/dashboard', '/dashboard/user-admin/profile/:id']))
    expect(routesWith('public')).not.toContain('/dashboard')
  })

  it('tells which remote draws a path, whole areas included', () => {
    expect(remoteOf('/')).toBe('public')
    expect(remoteOf('/campaigns/utiles/')).toBe('public')
    expect(remoteOf('/reset-password')).toBe('public')
    expect(remoteOf('/configure')).toBe('setup')
    expect(remoteOf('/dashboard/campaign/create')).toBe('dashboard')
    expect(remoteOf('/dashboardx')).toBe('public')
  })

  it('keeps unlisted screens, what follows them and the remote areas out of search engines', () => {
    for (const path of ['/forgot-password', '/recover-password/x', '/reset-password', '/donacion-mensual', '/configure', '/dashboard/user-admin']) {
      expect(isPrivateScreen(path), path).toBe(true)
    }
    for (const path of ['/', '/about', '/campaigns/utiles', '/login', '/register']) expect(isPrivateScreen(path), path).toBe(false)
  })

  it('gives a head and a sitemap entry to the pages that have one, in order', () => {
    expect(publicPages.map((page) => [page.path, page.title])).toEqual([
      ['/', null],
      ['/about', 'Nosotros'],
      ['/campaigns', 'Campañas'],
      ['/notice-of-privacy', 'Aviso de privacidad'],
      ['/terms-and-conditions', 'Términos y condiciones'],
    ])
  })

  it('keeps the scroll only where spec §2.1 says', () => {
    for (const path of ['/about', '/campaigns/', '/notice-of-privacy', '/terms-and-conditions', '/login']) expect(keepsScroll(path), path).toBe(true)
    for (const path of ['/', '/campaigns/uno', '/register', '/dashboard']) expect(keepsScroll(path), path).toBe(false)
    expect(siteRouteOf('/campaigns/uno')?.path).toBe('/campaigns/:slug')
  })
})
