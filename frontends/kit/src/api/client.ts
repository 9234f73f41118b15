import type { z } from 'zod'
import { ApiError, NETWORK_ERROR, toApiError } from './api-error.ts'
import { showsSpinner, useLoadingStore } from './loading.ts'
import { readToken } from '../session/token.ts'

export const API_BASE = '/api'

/** Receives every failure the caller did not opt out of (spec §8 global handler). */
export type ApiErrorListener = (error: ApiError) => void
let errorListener: ApiErrorListener = () => {}
export function setApiErrorListener(listener: ApiErrorListener): void {
  errorListener = listener
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  json?: unknown
  body?: FormData
  /** Validates the answer; without it the answer is returned unchecked as `T`. */
  schema?: z.ZodType<T>
  headers?: Record<string, string>
  signal?: AbortSignal
  /** The caller shows its own message (a dialog, a form error) instead of the global toast. */
  silent?: boolean
  /** Sends cookies (the social sign-in check). */
  credentials?: RequestCredentials
  responseType?: 'json' | 'blob'
}

/**
 * The one API client of every remote. `action` names the request the way spec §2.2 does
 * (LOAD_CAMPAIGN, SELECT_PAGE, EDIT_USER, LOGIN, SEND_COMMENT...): it decides the spinner.
 */
export async function apiRequest<T>(action: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const spinner = showsSpinner(action)
  if (spinner) useLoadingStore.getState().begin()
  try {
    const response = await send(path, options)
    if (!response.ok) throw await toApiError(response)
    if (options.responseType === 'blob') return (await response.blob()) as T
    if (response.status === 204) return undefined as T
    const data: unknown = await response.json()
    return options.schema ? options.schema.parse(data) : (data as T)
  } catch (error) {
    // The visitor reads 'Revise su conexión'; whoever looks at the console learns it was the answer
    // that broke the contract (a stale remote, a build that miscompiled a schema), not the network.
    // eslint-disable-next-line no-console -- the one report of an answer outside its contract
    if (isContractMismatch(error)) console.error(`La respuesta de ${path} (${action}) no cumple el contrato: ${error.message}`)
    const failure = error instanceof ApiError ? error : NETWORK_ERROR
    if (!options.silent && !(error instanceof DOMException && error.name === 'AbortError')) errorListener(failure)
    throw failure
  } finally {
    if (spinner) useLoadingStore.getState().end()
  }
}

function isContractMismatch(error: unknown): error is Error {
  return error instanceof Error && error.name === 'ZodError'
}

function send(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  const token = readToken()
  if (token) headers.authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  } else if (options.body) {
    body = options.body
  }
  return fetch(`${API_BASE}${path}`, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    // Public answers may be kept a second (Cache-Control); the site always asks the server, which
    // answers 304 when nothing changed, so a visitor's next read after a change is never an old copy.
    cache: 'no-cache',
    ...(body !== undefined && { body }),
    ...(options.signal && { signal: options.signal }),
    ...(options.credentials && { credentials: options.credentials }),
  })
}
