import { tokenPayloadSchema, type TokenPayload } from '@donaciones/contracts'

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
    const parsed = tokenPayloadSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function isExpired(payload: Pick<TokenPayload, 'exp'>, now: number = Date.now()): boolean {
  return payload.exp * 1000 < now
}
