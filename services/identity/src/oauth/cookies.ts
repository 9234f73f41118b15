import type { CookieOptions, Response } from 'express'

/** Binds a started sign-in to the browser that started it (login CSRF). */
export const stateCookie = 'oauth_state'
/** Carries the signed-in user from the callback to /api/oauth/login/check. */
export const handoffCookie = 'oauth_session'

const cookiePath = '/api/oauth'

function options(publicUrl: string, maxAgeSeconds: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https:'),
    path: cookiePath,
    maxAge: maxAgeSeconds * 1000,
  }
}

export function setCookie(res: Response, name: string, value: string, publicUrl: string, maxAgeSeconds: number): void {
  res.cookie(name, value, options(publicUrl, maxAgeSeconds))
}

export function clearCookie(res: Response, name: string, publicUrl: string): void {
  const { maxAge: _maxAge, ...rest } = options(publicUrl, 0)
  res.clearCookie(name, rest)
}
