import type { RequestHandler } from 'express'
import { authenticate, createTokenVerifier, serviceUnavailable, type AuthClaims, type TokenVerifier } from '../http/index.ts'
import { callService, type ServiceDirectory } from './service-directory.ts'

/** What the identity service answers at GET /internal/sessions/{userId}. */
export interface SessionState {
  active: boolean
  role: number
  sessionVersion: number
}

export interface SessionAuth {
  verifier: TokenVerifier
  isRevoked(claims: AuthClaims): Promise<boolean>
  /** 401 without a valid, current token. */
  required: RequestHandler
  /** Sets req.auth when a valid, current token comes; anonymous otherwise. */
  optional: RequestHandler
  /** Like `required`, for the one route a user with a provisional password may use. */
  requiredAllowingPasswordChange: RequestHandler
}

/**
 * Token checks every service and the gateway share: the signature against the identity
 * service's JWKS, then the session state, so a deactivated user, a role change or a password
 * change ends existing tokens on the very next request.
 */
export function createSessionAuth(directory: ServiceDirectory): SessionAuth {
  const verifier = createTokenVerifier({
    jwks: async () => {
      const { status, body } = await callService<{ keys: [] }>(directory, 'identity', '/api/auth/jwks')
      if (status !== 200) throw new Error(`JWKS no disponible (${status})`)
      return body
    },
  })
  const isRevoked = async (claims: AuthClaims): Promise<boolean> => {
    const { status, body } = await callService<SessionState>(directory, 'identity', `/internal/sessions/${encodeURIComponent(claims._id)}`)
    if (status === 404) return true
    // The identity service is up but cannot answer (its database is restarting): retryable, not a 500.
    if (status === 503) throw serviceUnavailable('Servicio no disponible', 'No fue posible verificar la sesión')
    if (status !== 200) throw new Error(`Estado de sesión no disponible (${status})`)
    return !body.active || body.role !== claims.role || body.sessionVersion !== claims.sv
  }
  return {
    verifier,
    isRevoked,
    required: authenticate({ verifier, required: true, isRevoked }),
    optional: authenticate({ verifier, required: false, isRevoked }),
    requiredAllowingPasswordChange: authenticate({ verifier, required: true, isRevoked, allowPasswordChange: true }),
  }
}
