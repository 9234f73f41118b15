import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify } from 'jose'
import type { JSONWebKeySet, JWTPayload, JWTVerifyGetKey } from 'jose'
import { authClaimsSchema, hasPermission } from './claims.ts'
import type { AuthClaims, PermissionAction, Role } from './claims.ts'
import { forbidden, HttpError, serviceUnavailable, unauthorized } from './http-error.ts'
import type {} from './types.ts'

export interface TokenVerifierOptions {
  /** The identity service's JWKS: a URL (fetched and cached) or a loader (cached, reloaded on an unknown key). */
  jwks: string | URL | (() => Promise<JSONWebKeySet>)
  issuer?: string | string[]
  audience?: string | string[]
  /** Defaults to the asymmetric algorithms; symmetric and 'none' are never accepted. */
  algorithms?: string[]
  clockToleranceSeconds?: number
  /** Least time between two JWKS reloads caused by a token signed with an unknown key. */
  reloadCooldownMs?: number
}

export interface TokenVerifier {
  /** Resolves to the validated claims, or rejects with a 401 `HttpError` (503 if the keys cannot be loaded). */
  verify(token: string): Promise<AuthClaims>
}

const ASYMMETRIC = ['ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512']

const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer' }
const invalidSession = (): HttpError => unauthorized(undefined, undefined, { headers: WWW_AUTHENTICATE })
const expiredSession = (): HttpError =>
  unauthorized('Sesión expirada', 'Inicie sesión nuevamente', { headers: WWW_AUTHENTICATE })
const missingSession = (): HttpError =>
  unauthorized('Sesión requerida', 'Inicie sesión para continuar', { headers: WWW_AUTHENTICATE })

/** Failures caused by the token itself; any other failure to get a key means the keys are unavailable. */
const TOKEN_KEY_ERRORS = [
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSENotSupported,
  errors.JOSEAlgNotAllowed,
  errors.JWSInvalid,
]

class KeysUnavailable extends Error {
  override readonly name = 'KeysUnavailable'
}

function guardKeySource(getKey: JWTVerifyGetKey): JWTVerifyGetKey {
  return async (header, token) => {
    try {
      return await getKey(header, token)
    } catch (error) {
      if (TOKEN_KEY_ERRORS.some((type) => error instanceof type)) throw error
      throw new KeysUnavailable('No se pudieron obtener las llaves públicas', { cause: error })
    }
  }
}

/** A local JWKS from a loader, loaded lazily and reloaded (at most once per cooldown) on an unknown key. */
function reloadingKeySet(load: () => Promise<JSONWebKeySet>, cooldownMs: number) {
  let current: Promise<JWTVerifyGetKey> | undefined
  let loadedAt = Number.NEGATIVE_INFINITY
  const reload = (): Promise<JWTVerifyGetKey> => {
    loadedAt = Date.now()
    const next = load().then(createLocalJWKSet)
    current = next
    // A failed load is not cached: the next request tries again.
    next.catch(() => {
      if (current === next) current = undefined
    })
    return next
  }
  return {
    get: () => current ?? reload(),
    reloadIfAllowed: () => (Date.now() - loadedAt >= cooldownMs ? reload() : undefined),
  }
}

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const verifyOptions = {
    algorithms: options.algorithms ?? ASYMMETRIC,
    clockTolerance: options.clockToleranceSeconds ?? 5,
    requiredClaims: ['exp'],
    ...(options.issuer !== undefined && { issuer: options.issuer }),
    ...(options.audience !== undefined && { audience: options.audience }),
  }

  let verifyJwt: (token: string) => Promise<JWTPayload>
  if (typeof options.jwks === 'function') {
    const keys = reloadingKeySet(options.jwks, options.reloadCooldownMs ?? 30_000)
    const verifyWith = async (token: string, getKey: Promise<JWTVerifyGetKey>) => {
      let resolved: JWTVerifyGetKey
      try {
        resolved = await getKey
      } catch (error) {
        throw new KeysUnavailable('No se pudieron obtener las llaves públicas', { cause: error })
      }
      return (await jwtVerify(token, guardKeySource(resolved), verifyOptions)).payload
    }
    verifyJwt = async (token) => {
      try {
        return await verifyWith(token, keys.get())
      } catch (error) {
        const reloaded = error instanceof errors.JWKSNoMatchingKey ? keys.reloadIfAllowed() : undefined
        if (!reloaded) throw error
        return verifyWith(token, reloaded)
      }
    }
  } else {
    const getKey = guardKeySource(createRemoteJWKSet(new URL(options.jwks)))
    verifyJwt = async (token) => (await jwtVerify(token, getKey, verifyOptions)).payload
  }

  return {
    async verify(token) {
      let payload: JWTPayload
      try {
        payload = await verifyJwt(token)
      } catch (error) {
        if (error instanceof KeysUnavailable) {
          throw serviceUnavailable('Servicio no disponible', 'No fue posible verificar la sesión', { cause: error })
        }
        if (error instanceof errors.JWTExpired) throw expiredSession()
        if (error instanceof errors.JOSEError) throw invalidSession()
        throw error
      }
      // Tokens that only carry `sub` still get the `_id` the rest of the platform reads.
      const claims = authClaimsSchema.safeParse({ _id: payload.sub, ...payload })
      if (!claims.success) throw invalidSession()
      return claims.data
    }
  }
}

export interface AuthenticateOptions {
  verifier: TokenVerifier
  /** true: no valid token → 401. false: no valid token → anonymous (`req.auth` undefined). */
  required: boolean
  /** Lets the identity service reject tokens of deactivated users, changed roles or changed passwords. */
  isRevoked?: (claims: AuthClaims) => Promise<boolean>
  /**
   * Spec §4: a user who must change the password can reach nothing else. Unless this is true,
   * such a token gets 403 on required routes and is treated as anonymous on optional ones.
   */
  allowPasswordChange?: boolean
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9\-_.~+/]+=*)[ ]*$/i

/**
 * Sessions already verified for a request in this process. In embedded mode the gateway and
 * the service handle the same request object; the second check reuses the first instead of
 * asking the identity service twice. A request from another process is never in here.
 */
const verifiedSessions = new WeakMap<Request, { token: string; claims: AuthClaims; revocationChecked: boolean }>()

async function verifiedClaims(req: Request, token: string, options: AuthenticateOptions): Promise<AuthClaims> {
  const cached = verifiedSessions.get(req)
  if (cached && cached.token === token && (cached.revocationChecked || !options.isRevoked)) return cached.claims
  const claims = await options.verifier.verify(token)
  if (!claims.active) throw unauthorized('Usuario inactivo', 'Su cuenta está desactivada', { headers: WWW_AUTHENTICATE })
  if (options.isRevoked && (await options.isRevoked(claims))) throw invalidSession()
  verifiedSessions.set(req, { token, claims, revocationChecked: Boolean(options.isRevoked) })
  return claims
}

async function authenticateRequest(req: Request, options: AuthenticateOptions): Promise<AuthClaims> {
  const header = req.headers.authorization
  if (header === undefined || header.trim() === '') throw missingSession()
  const token = BEARER.exec(header)?.[1]
  if (!token) throw invalidSession()
  const claims = await verifiedClaims(req, token, options)
  if (claims.changePassword && !options.allowPasswordChange) {
    throw forbidden('Cambio de contraseña requerido', 'Actualice su contraseña para continuar')
  }
  return claims
}

/** Reads `Authorization: Bearer <token>` and sets `req.auth`. */
export function authenticate(options: AuthenticateOptions): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    req.auth = undefined
    // Anonymous on an optional route: nothing to verify, and no 401 built only to be dropped.
    if (!options.required && !req.headers.authorization?.trim()) return next()
    try {
      req.auth = await authenticateRequest(req, options)
    } catch (error) {
      if (options.required) throw error
      // Optional routes degrade to anonymous, even when the keys or the revocation check are down.
      if (!(error instanceof HttpError && error.status < 500)) {
        req.log?.warn({ err: error }, 'No se pudo verificar la sesión; se atiende como anónimo')
      }
    }
    next()
  }
}

/** 401 without a session, 403 unless the user has one of `roles`. Mount after `authenticate()`. */
export function requireRole(...roles: Role[]): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!req.auth) throw missingSession()
    if (!roles.includes(req.auth.role)) throw forbidden()
    next()
  }
}

/** Spec §5/§6 on the server: role 0, or role 1 with `action` on `module`. Mount after `authenticate()`. */
export function requirePermission(module: string, action: PermissionAction = 'read'): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!req.auth) throw missingSession()
    if (!hasPermission(req.auth, module, action)) throw forbidden()
    next()
  }
}
