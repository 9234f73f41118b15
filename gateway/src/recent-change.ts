import type { RequestHandler } from 'express'
import { recentChangeCookie, recentChangeSeconds } from '@donaciones/kit'

/** The methods that may change data. */
export const changingMethods: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * After a change answered below 400, a cookie of a couple of seconds tells every service that this
 * visitor's next public reads must be fresh (decision 80): the replica that answers may not have
 * heard of the change yet. The status is known only when the head is written, so it is set there
 * (for proxied and in-process answers alike), next to any cookie the service set.
 */
export function markRecentChanges(options: { secure: boolean }): RequestHandler {
  const cookie = `${recentChangeCookie}=1; Max-Age=${recentChangeSeconds}; Path=/; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`
  return (req, res, next) => {
    if (!changingMethods.has(req.method)) return next()
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res
    res.writeHead = ((...args: unknown[]) => {
      const status = typeof args[0] === 'number' ? args[0] : res.statusCode
      if (status < 400) res.appendHeader('Set-Cookie', cookie)
      return writeHead(...args)
    }) as typeof res.writeHead
    next()
  }
}
