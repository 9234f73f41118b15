import { create } from 'zustand'
import type { AuthUser, OauthCheckResponse, TokenPayload, User } from '@donaciones/contracts'
import { apiRequest } from '../api/client.ts'
import { invalidate } from '../api/query-store.ts'
import { clearToken, decodeToken, isExpired, readToken, storeToken } from './token.ts'

export type SessionStatus = 'checking' | 'anonymous' | 'authenticated'

interface SessionState {
  status: SessionStatus
  user: AuthUser | null
  /** Runs the start-up rules of spec §4 once. */
  start: () => Promise<void>
  /** Signs in with a token from login, setup or social sign-in. */
  signIn: (token: string) => AuthUser | null
  /** Tells the server and clears the token. */
  signOut: () => Promise<void>
  /** Clears the token without telling the server, which already ended the session (a password change). */
  endLocalSession: () => void
  /** Replaces the user after a profile change. */
  setUser: (user: AuthUser) => void
}

/** The user of the token, refreshed with the stored record's current values. */
export function authUserFrom(tokenUser: AuthUser, record: User): AuthUser {
  return {
    ...tokenUser,
    role: record.role,
    active: record.active,
    changePassword: record.changePassword,
    permissions: record.permissions,
    name: record.name,
    lastName: record.lastName,
    email: record.email,
    picture: record.picture,
    thumbnail: record.thumbnail?.path ?? null,
  }
}

async function storedSession(): Promise<AuthUser | 'expired' | null> {
  const token = readToken()
  if (!token) return null
  const payload = decodeToken(token)
  if (!payload || isExpired(payload)) return 'expired'
  // A provisional password may only be changed: the server refuses every other call, its own
  // record included, so the token is kept and the shell holds the user on /reset-password.
  if (payload.changePassword) return withoutTimes(payload)
  try {
    const record = await apiRequest<User>('LOAD_SESSION_USER', `/users/${payload._id}`, { silent: true })
    if (record.active && record.role === payload.role) return authUserFrom(payload, record)
  } catch {
    // A revoked or deactivated session: the social check below decides.
  }
  return null
}

/** The session a social sign-in hands over; an anonymous visitor's check answers `{token: null, user: null}`. */
async function socialSession(): Promise<{ token: string; user: AuthUser } | null> {
  try {
    const answer = await apiRequest<OauthCheckResponse>('LOAD_SOCIAL_SESSION', '/oauth/login/check', { silent: true, credentials: 'include' })
    return answer.token !== null && answer.user !== null ? { token: answer.token, user: answer.user } : null
  } catch {
    return null
  }
}

function withoutTimes({ exp: _exp, iat: _iat, ...user }: TokenPayload): AuthUser {
  return user
}

let starting: Promise<void> | null = null

export const useSession = create<SessionState>((set, get) => ({
  status: 'checking',
  user: null,
  start: () => {
    starting ??= (async () => {
      const stored = await storedSession()
      if (stored === 'expired') {
        clearToken()
        set({ status: 'anonymous', user: null })
        return
      }
      if (stored) {
        set({ status: 'authenticated', user: stored })
        return
      }
      const social = await socialSession()
      if (social) {
        storeToken(social.token)
        set({ status: 'authenticated', user: social.user })
        return
      }
      clearToken()
      set({ status: 'anonymous', user: null })
    })()
    return starting
  },
  signIn: (token) => {
    const payload = decodeToken(token)
    if (!payload) return null
    storeToken(token)
    const user = withoutTimes(payload)
    set({ status: 'authenticated', user })
    return user
  },
  signOut: async () => {
    const user = get().user
    if (user) {
      await apiRequest('LOGOUT', `/auth/logout/${user._id}`, { method: 'PUT', json: { login: false }, silent: true }).catch(() => undefined)
    }
    clearToken()
    // What the last user was shown must not be shown to the next one.
    invalidate('')
    set({ status: 'anonymous', user: null })
  },
  endLocalSession: () => {
    clearToken()
    invalidate('')
    set({ status: 'anonymous', user: null })
  },
  setUser: (user) => set({ user }),
}))
