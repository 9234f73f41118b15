import type { NextFunction, Request, Response } from 'express'
import { send } from './http.ts'
import { conektaError } from './conekta/errors.ts'
import { paypalError } from './paypal/errors.ts'

export type SimProvider = 'conekta' | 'paypal'

/** How a provider in trouble answers our server: an error status of its own (5xx), or no answer at all (the connection is cut). */
export type Outage = { status: number } | 'disconnect'

/**
 * Provider outages for the tests of what our server does when a provider fails: while one is set,
 * every server-to-provider call of that provider (Conekta's private-key API, PayPal's REST API with
 * its OAuth) answers it. What a browser loads (the tokenizer and its tokens, PayPal's SDK and
 * checkout pages, the barcodes) keeps working, so a donor's request still reaches our server.
 */
export class Outages {
  private readonly current = new Map<SimProvider, Outage>()

  set(provider: SimProvider, outage: Outage | null): void {
    if (outage === null) this.current.delete(provider)
    else this.current.set(provider, outage)
  }

  middleware(provider: SimProvider) {
    return (req: Request, res: Response, next: NextFunction): void => {
      const outage = this.current.get(provider)
      if (!outage || !servedToOurServer(provider, req.path)) return next()
      if (outage === 'disconnect') {
        req.socket.destroy()
        return
      }
      send(res, provider === 'conekta' ? conektaOutage(outage.status) : paypalError(outage.status, 'INTERNAL_SERVER_ERROR'))
    }
  }
}

function servedToOurServer(provider: SimProvider, path: string): boolean {
  if (provider === 'paypal') return path.startsWith('/v1/') || path.startsWith('/v2/')
  return !(path === '/conekta.js' || path === '/tokens' || path.startsWith('/barcodes/'))
}

function conektaOutage(status: number) {
  return conektaError(
    'api_error',
    { code: 'conekta.errors.api.system.general_failure', message: 'Hubo un error en el sistema. Por favor intenta más tarde.', debug_message: 'Service temporarily unavailable.' },
    status,
  )
}
