import type { TokenPayload } from '@donaciones/contracts'

/** Spec §4: the session token lives under this key. */
export const TOKEN_KEY = 'auth_token'

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token)
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY)
}

/** The payload of a JWT (not verified: the server verifies; the browser only reads exp and the user). */
export function decodeToken(token: string): TokenPayload | null {
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=')
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return isTokenPayload(payload) ? payload : null
  } catch {
    return null
  }
}

export function isExpired(payload: Pick<TokenPayload, 'exp'>, now: number = Date.now()): boolean {
  return payload.exp * 1000 < now
}

/**
 * The fields the browser relies on. Checked by hand rather than with the contracts' zod schema so
 * that the start-up of every page does not download the validation library.
 */
function isTokenPayload(value: unknown): value is TokenPayload {
  if (!value || typeof value !== 'object') return false
  const payload = value as Record<string, unknown>
  return (
    typeof payload._id === 'string' &&
    typeof payload.exp === 'number' &&
    [0, 1, 2].includes(payload.role as number) &&
    typeof payload.active === 'boolean' &&
    typeof payload.changePassword === 'boolean' &&
    Array.isArray(payload.permissions) &&
    typeof payload.name === 'string' &&
    typeof payload.lastName === 'string' &&
    typeof payload.email === 'string'
  )
}
