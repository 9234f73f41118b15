import type { NextFunction, Request, Response } from 'express'
import { send } from '../http.ts'
import { conektaError } from './errors.ts'

export interface ConektaKeys {
  privateKey: string
  publicKey: string
}

export type KeyKind = 'private' | 'public'

/** The API key of a request: `Authorization: Bearer <key>` (the SDK) or `Basic base64(<key>:)` (older clients). */
export function presentedKey(req: Request): string | undefined {
  const header = req.get('authorization') ?? ''
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)
  if (bearer) return bearer[1]
  const basic = /^Basic\s+(\S+)$/i.exec(header)
  if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0]
  return undefined
}

const acceptPattern = /application\/vnd\.conekta-v2\.\d+\.\d+\+json/

/**
 * Requires the versioned `Accept` header and a key of one of the given kinds; stores the kind in
 * `res.locals.keyKind` and the key in `res.locals.apiKey`.
 */
export function requireKey(keys: ConektaKeys, allowed: readonly KeyKind[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const key = presentedKey(req)
    if (key === undefined) {
      return send(res, conektaError('authentication_error', {
        code: 'conekta.errors.authentication.missing_key',
        message: 'Acceso no autorizado.',
        debug_message: 'Please include your access key in your request.',
      }))
    }
    const kind: KeyKind | undefined = key === keys.privateKey ? 'private' : key === keys.publicKey ? 'public' : undefined
    if (!kind || !allowed.includes(kind)) {
      return send(res, conektaError('authentication_error', {
        code: 'conekta.errors.authentication.invalid_key',
        message: 'Acceso no autorizado.',
        debug_message: kind ? `A ${kind} key cannot be used for this request.` : 'Unrecognized access key.',
      }))
    }
    if (!acceptPattern.test(req.get('accept') ?? '')) {
      return send(res, conektaError('parameter_validation_error', {
        code: 'conekta.errors.parameter_validation.api_version',
        message: 'La versión de la API no es válida.',
        debug_message: 'Send Accept: application/vnd.conekta-v2.x.0+json to choose the API version.',
      }, 400))
    }
    res.locals.keyKind = kind
    res.locals.apiKey = key
    next()
  }
}
