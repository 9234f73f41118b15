import fc from 'fast-check'
import { bodyContractOf, wouldAccept, type BodyContract } from './body-contracts.ts'
import { invalidBody, type InvalidBody, type InvalidBodyKind } from './invalid-bodies.ts'
import type { RawRequest } from './raw-http.ts'
import type { ServiceRoute } from '../../support/route-inventory.ts'
import { realParam, type SiteRecords } from './site-records.ts'

/** What the platform must answer. */
export type Expectation =
  /** A Spanish 4xx. */
  | 'client-error'
  /** A read with a harmless query or body may answer 2xx/3xx; never a 5xx, and a 4xx is Spanish. */
  | 'no-server-error'

export interface BadRequest {
  route: ServiceRoute
  /** Where to send it when not through the gateway (a service's own port). */
  baseUrl?: string
  label: string
  request: RawRequest
  expect: Expectation
}

/** Path parameter values that name nothing or are not ids at all (none of them is a static segment). */
const invalidParams = fc.oneof(
  fc.constantFrom('no-existe', '00000000-0000-0000-0000-000000000000', '%E0%A4%A', '%00', '..%2F..%2Fetc%2Fpasswd', '%27%20OR%201%3D1', '-1', '1e999', '%F0%9F%98%80', '%ED%A0%80'),
  fc.integer({ min: 1_000, max: 20_000 }).map((length) => 'x'.repeat(length)), // past 16 KB Node answers 431 itself
  fc.string({ minLength: 1, maxLength: 30 }).map((text) => encodeURIComponent(text)).filter((text) => !['banner', 'slider', 'admin', 'profile', 'export', 'edit', 'scroll', 'search'].includes(text)),
)

const junkQuery = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?page=-1', '?page=abc', '?page=1e999', '?page=%00', '?title=', '?title=%ED%A0%80', '?a[b][c]=1', '?page=1&page=2', '?from=ayer&to=mañana', '?status=%FF', '?%E0%A4%A=1'),
  fc.integer({ min: 2_000, max: 40_000 }).map((length) => `?title=${'y'.repeat(length)}`),
)

const paramNames = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string)

export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => values[name] ?? 'x')
}

export function sampleOf(contract: BodyContract): Record<string, unknown> {
  return contract.kind === 'ignored' ? {} : contract.sample
}

/** Whether a valid-id request with this body must be refused, may succeed harmlessly, or must not be sent. */
function expectationWithRealIds(route: ServiceRoute, contract: BodyContract, body: InvalidBody): Expectation | 'skip' {
  if (body.reading.kind === 'unreadable') return 'client-error'
  if (route.method === 'GET') return 'no-server-error'
  const parsed = body.reading.kind === 'json' ? body.reading.value : undefined
  // An acceptable body would change data (a visit, a deletion): only send what the route must refuse.
  return wouldAccept(contract, parsed) ? 'skip' : 'client-error'
}

/** Content-Type and Content-Encoding of a generated body. */
export function bodyHeaders(body: InvalidBody): Record<string, string> {
  return {
    ...(body.contentType ? { 'content-type': body.contentType } : {}),
    ...(body.contentEncoding ? { 'content-encoding': body.contentEncoding } : {}),
  }
}

export interface BadRequestOptions {
  records: SiteRecords
  contracts: Record<string, BodyContract>
  kinds?: readonly InvalidBodyKind[]
}

/**
 * Invalid requests for one route: an invalid body with real path ids (so validation is reached),
 * or invalid path ids, as the admin or without a session. `undefined` where the draw is a body the
 * route would accept (it must not be sent): properties skip it with `fc.pre`, so a route that can
 * never be sent a request of some kind fails the run with too many skips instead of a filter that
 * draws for ever and stops the event loop.
 */
export function badRequestFor(route: ServiceRoute, options: BadRequestOptions): fc.Arbitrary<BadRequest | undefined> {
  const contract = bodyContractOf(options.contracts, route.key)
  const names = paramNames(route.path)
  const realValues = Object.fromEntries(names.map((name) => [name, realParam(options.records, route.path, name)]))
  const signedIn = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) })
  const badParam = names.length === 0 ? fc.constant(undefined) : fc.option(fc.tuple(fc.constantFrom(...names), invalidParams), { freq: 3 })

  return fc
    .tuple(invalidBody(sampleOf(contract), options.kinds), badParam, signedIn, route.method === 'GET' ? junkQuery : fc.constant(''))
    .map(([body, param, asAdmin, query]): BadRequest | undefined => {
      const values = param ? { ...realValues, [param[0]]: param[1] } : realValues
      const expectation = param ? 'client-error' : expectationWithRealIds(route, contract, body)
      // Without a session a route behind the gateway's token check is a 401; an optional one still validates.
      const headers = bodyHeaders(body)
      if (asAdmin) headers.authorization = `Bearer ${options.records.adminToken}`
      const anonymousRefused = !asAdmin && route.gateway?.auth === 'required'
      const expect = anonymousRefused ? 'client-error' : expectation
      if (expect === 'skip') return undefined
      return {
        route,
        label: `${route.key} ${param ? `con ${param[0]}=${param[1].slice(0, 40)} ` : ''}${asAdmin ? 'como administrador' : 'sin sesión'}: ${body.label}${query ? ` ${query.slice(0, 40)}` : ''}`,
        request: { method: route.method, path: `${fillPath(route.path, values)}${query}`, headers, body: body.bytes },
        expect,
      }
    })
}
