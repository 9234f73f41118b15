import { ApiError } from './api-error.ts'

/** Loads the value of `key` (often the API path itself); should stop (reject) when the signal aborts. */
export type Loader<T> = (signal: AbortSignal, key: string) => Promise<T>

export type Loadable<T> =
  /** `previous`: what the last load gave, for screens that keep it visible while loading again. */
  | { status: 'loading'; previous?: T }
  | { status: 'error'; error: ApiError; previous?: T }
  | { status: 'success'; data: T }

/**
 * `foreground`: the screen shows it is loading (a retry after a failure or a change).
 * `background`: the screen keeps showing the value it has until the new one arrives.
 */
export type FetchMode = 'foreground' | 'background'

interface Entry {
  state: Loadable<unknown>
  listeners: Set<() => void>
  /** The last loader, to load again after an invalidation. */
  load: Loader<unknown>
  request?: { controller: AbortController; promise: Promise<unknown> }
  /** Invalidated and not loaded again yet: the value it holds is known to be old. */
  stale?: boolean
}

/**
 * Key → last value of every screen. One module-level map: the kit is a federation singleton,
 * so every remote reads and invalidates the same cache.
 */
const entries = new Map<string, Entry>()

/** Any failure as the kit's ApiError (a network failure has status 0). */
function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'No se pudo cargar esta sección', 'Revise su conexión e intente de nuevo.')
}

function dataOf<T>(state: Loadable<T>): T | undefined {
  return state.status === 'success' ? state.data : state.previous
}

function isPlainJson(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return Array.isArray(value) || prototype === Object.prototype || prototype === null
}

/** Keeps the old value when the new one is equal, so a refresh that changed nothing re-renders nothing (a form is not reset). */
function shared<T>(previous: T | undefined, next: T): T {
  if (previous === undefined || !isPlainJson(previous) || !isPlainJson(next)) return next
  return JSON.stringify(previous) === JSON.stringify(next) ? previous : next
}

function setState(entry: Entry, state: Loadable<unknown>): void {
  entry.state = state
  for (const listener of [...entry.listeners]) listener()
}

/** What is known of `key`, or undefined before its first load. */
export function readQuery<T>(key: string): Loadable<T> | undefined {
  // The entry of a key only ever holds values its loader of type T gave.
  return entries.get(key)?.state as Loadable<T> | undefined
}

/** Calls `listener` on every change of `key`; when the last listener leaves, the request under way is aborted. */
export function subscribeQuery(key: string, listener: () => void): () => void {
  let entry = entries.get(key)
  if (!entry) {
    entry = { state: { status: 'loading' }, listeners: new Set(), load: () => Promise.reject(new Error('sin cargador')) }
    entries.set(key, entry)
  }
  const subscribed = entry
  subscribed.listeners.add(listener)
  return () => {
    subscribed.listeners.delete(listener)
    if (subscribed.listeners.size > 0) return
    if (subscribed.stale) forget(key, subscribed)
    else if (subscribed.request) abort(key, subscribed)
  }
}

/** A value known to be old is not kept for the next screen: it would show it (a form would start from it). */
function forget(key: string, entry: Entry): void {
  entry.request?.controller.abort()
  entry.request = undefined
  if (entries.get(key) === entry) entries.delete(key)
}

function abort(key: string, entry: Entry): void {
  entry.request?.controller.abort()
  entry.request = undefined
  const data = dataOf(entry.state)
  if (data !== undefined) setState(entry, { status: 'success', data })
  else if (entry.listeners.size === 0) entries.delete(key)
  else setState(entry, { status: 'loading' })
}

/**
 * Loads `key` unless a load of it is already under way (then answers that one: two screens
 * asking at once make one request). Resolves with the value, or undefined if it failed or was aborted.
 */
export function fetchQuery<T>(key: string, load: Loader<T>, mode: FetchMode = 'background'): Promise<T | undefined> {
  let entry = entries.get(key)
  if (!entry) {
    entry = { state: { status: 'loading' }, listeners: new Set(), load }
    entries.set(key, entry)
  }
  entry.load = load
  // The promise under way for this key came from a loader of type T too.
  if (entry.request) return entry.request.promise as Promise<T | undefined>
  const current = entry
  const previous = dataOf(current.state)
  if (previous === undefined) setState(current, { status: 'loading' })
  else if (mode === 'foreground') setState(current, { status: 'loading', previous })
  const controller = new AbortController()
  const promise = load(controller.signal, key).then(
    (data): T | undefined => {
      if (controller.signal.aborted) return undefined
      current.request = undefined
      current.stale = false
      setState(current, { status: 'success', data: shared(dataOf(current.state), data) })
      return data
    },
    (error: unknown): undefined => {
      if (controller.signal.aborted) return undefined
      current.request = undefined
      const kept = dataOf(current.state)
      setState(current, kept === undefined ? { status: 'error', error: asApiError(error) } : { status: 'error', error: asApiError(error), previous: kept })
      return undefined
    },
  )
  current.request = { controller, promise }
  return promise
}

/** Shows `data` for `key` at once (a PUT answered the new record). */
export function setQueryData<T>(key: string, data: T): void {
  const entry = entries.get(key)
  if (!entry) return
  entry.request?.controller.abort()
  entry.request = undefined
  setState(entry, { status: 'success', data })
}

/**
 * After a change on the server: every key starting with `prefix` is out of date. Keys on screen
 * load again in the background; the others are forgotten, so no screen shows the old value.
 */
export function invalidate(prefix: string): void {
  for (const [key, entry] of [...entries]) {
    if (!key.startsWith(prefix)) continue
    if (entry.listeners.size === 0) {
      entry.request?.controller.abort()
      entries.delete(key)
      continue
    }
    // A request that started before the change may answer the old value.
    entry.stale = true
    entry.request?.controller.abort()
    entry.request = undefined
    void fetchQuery(key, entry.load)
  }
}

/** Forgets everything, screens on view included (tests). */
export function clearQueries(): void {
  for (const entry of entries.values()) entry.request?.controller.abort()
  entries.clear()
}
