import type { NextFunction, Request, Response } from 'express'
import { randomId, send } from '../http.ts'
import { paypalError } from './errors.ts'

export interface PaypalCredentials {
  clientId: string
  secret: string
}

const tokenLifetimeSeconds = 32_400

/** Client-credentials OAuth: issues bearer tokens and checks them on every other endpoint. */
export class PaypalTokens {
  private readonly tokens = new Map<string, number>()

  constructor(private readonly credentials: PaypalCredentials) {}

  /** Checks `Authorization: Basic clientId:secret`; returns an access token or undefined. */
  issue(authorization: string | undefined): { access_token: string; expires_in: number } | undefined {
    const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '')
    if (!basic?.[1]) return undefined
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon < 0 || decoded.slice(0, colon) !== this.credentials.clientId || decoded.slice(colon + 1) !== this.credentials.secret) return undefined
    const accessToken = randomId('A21AA', 24)
    this.tokens.set(accessToken, Date.now() + tokenLifetimeSeconds * 1000)
    return { access_token: accessToken, expires_in: tokenLifetimeSeconds }
  }

  valid(authorization: string | undefined): boolean {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')
    const expiresAt = bearer?.[1] ? this.tokens.get(bearer[1]) : undefined
    return expiresAt !== undefined && expiresAt > Date.now()
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      if (!this.valid(req.get('authorization'))) return send(res, paypalError(401, 'AUTHENTICATION_FAILURE'))
      next()
    }
  }
}
