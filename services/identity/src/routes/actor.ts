import type { Request, RequestHandler } from 'express'
import { forbidden, hasPermission, unauthorized, type AuthClaims, type PermissionAction } from '@donaciones/kit'

/** The signed-in user of a route mounted after `auth.required`. */
export function actorOf(req: Request): AuthClaims {
  if (!req.auth) throw unauthorized()
  return req.auth
}

/**
 * Coarse check before the body is read: `action` on at least one of the two user modules
 * (`admin` or `user`). The command then checks the module of the actual target.
 */
export function requireUserModules(action: PermissionAction): RequestHandler {
  return (req, _res, next) => {
    const actor = actorOf(req)
    if (!hasPermission(actor, 'admin', action) && !hasPermission(actor, 'user', action)) throw forbidden()
    next()
  }
}
