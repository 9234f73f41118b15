import { timingSafeEqual } from 'node:crypto'
import type { RequestHandler } from 'express'
import type { ServiceName } from '@donaciones/contracts'
import { HttpError, notFound, serviceUnavailable } from '../http/index.ts'

export const internalTokenHeader = 'x-internal-token'

/** Where the other services answer internal calls, and the shared secret those calls carry. */
export interface ServiceDirectory {
  urlsOf(service: ServiceName): readonly string[]
  readonly internalToken: string
}

/** A directory filled after start (embedded mode learns the internal ports once the servers listen). */
export function mutableDirectory(internalToken: string): ServiceDirectory & { register(service: ServiceName, url: string): void } {
  const urls = new Map<ServiceName, string[]>()
  return {
    internalToken,
    urlsOf: (service) => urls.get(service) ?? [],
    register(service, url) {
      urls.set(service, [...(urls.get(service) ?? []), url])
    },
  }
}

export interface InternalResponse<T> {
  status: number
  body: T
}

/**
 * Calls another service's `/internal/...` route. These routes are never behind the gateway;
 * they answer only requests that carry the internal token.
 */
export async function callService<T>(
  directory: ServiceDirectory,
  service: ServiceName,
  path: string,
  init: { method?: string; body?: unknown; requestId?: string } = {},
): Promise<InternalResponse<T>> {
  const urls = directory.urlsOf(service)
  const base = urls[Math.floor(Math.random() * urls.length)]
  if (!base) throw serviceUnavailable()
  let response: Response
  try {
    response = await fetch(new URL(path, base), {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        [internalTokenHeader]: directory.internalToken,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.requestId ? { 'x-request-id': init.requestId } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(15_000),
    })
  } catch (error) {
    throw serviceUnavailable(undefined, undefined, { cause: error })
  }
  const text = await response.text()
  const body = (text ? JSON.parse(text) : undefined) as T
  return { status: response.status, body }
}

/** Like callService, but a non-2xx answer becomes an HttpError carrying the other service's message. */
export async function callServiceOk<T>(...args: Parameters<typeof callService>): Promise<T> {
  const { status, body } = await callService<T>(...args)
  if (status >= 200 && status < 300) return body
  const error = body as { message?: string; description?: string } | undefined
  throw new HttpError(status, error?.message ?? 'Error interno del servidor', error?.description ?? 'Intente de nuevo más tarde')
}

/** Guards `/internal/...` routes: without the right token they do not exist (404). */
export function requireInternalCall(directory: ServiceDirectory): RequestHandler {
  const expected = Buffer.from(directory.internalToken)
  return (req, _res, next) => {
    const given = Buffer.from(String(req.headers[internalTokenHeader] ?? ''))
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound()
    next()
  }
}
