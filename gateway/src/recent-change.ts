import type { RequestHandler, Response } from 'express'
import { recentChangeCookie, recentChangeSeconds } from '@donaciones/kit'

/** The methods that may change data. */
export const changingMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Runs `accepted` as the head of an answer below 400 is written: for a change, the moment it is
 * known to be committed (the status exists only then, for proxied and in-process answers alike).
 */
export function whenChangeAccepted(res: Response, accepted: () => void): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response
  res.writeHead = ((...args: unknown[]) => {
    const status = typeof args[0] === 'number' ? args[0] : res.statusCode
    if (status < 400) accepted()
    return writeHead(...args)
  }) as Response['writeHead']
}

/**
 * After a change answered below 400, a cookie of a couple of seconds tells every service that this
 * visitor's next public reads must be fresh (decision 80): the replica that answers may not have
 * heard of the change yet. It is set as the head is written, next to any cookie the service set.
 */
export function markRecentChanges(options: { secure: boolean }): RequestHandler {
  const cookie = `${recentChangeCookie}=1; Max-Age=${recentChangeSeconds}; Path=/; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`
  return (req, res, next) => {
    if (!changingMethods.has(req.method)) return next()
    whenChangeAccepted(res, () => res.appendHeader('Set-Cookie', cookie))
    next()
  }
}
