import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { ApiError } from './api-error.ts'
import { fetchQuery, readQuery, setQueryData, subscribeQuery, type Loadable, type Loader } from './query-store.ts'

/** Nothing to load (a null key). */
export interface Idle {
  status: 'idle'
}

/** 404, or a malformed id (400/422): the record does not exist, and retrying will not change that. */
export function isMissing(error: ApiError): boolean {
  return [400, 404, 422].includes(error.status)
}

export interface Query<T, S = Loadable<T>> {
  state: S
  /** The value to show: the loaded one, or the last one while loading again; undefined after a failure. */
  data: T | undefined
  /** Loads again, showing the loading state (after a failure or a change). */
  retry: () => void
  /** Loads again while the screen keeps showing its value; resolves with the new value (undefined if it failed). */
  refresh: () => Promise<T | undefined>
  /** Replaces the value (after a PUT that answered the new record). */
  replace: (data: T) => void
  /** Counts the retries, for children that must load again with this one. */
  attempt: number
}

const IDLE: Idle = { status: 'idle' }
const LOADING: { status: 'loading' } = { status: 'loading' }
const noop = () => () => {}

/**
 * The one way a screen loads data. The value of `key` is cached in the kit (shared by every
 * remote): a screen shown again gets it at once and refreshes it in the background; screens
 * asking the same key at once share one request; leaving the screen aborts its request;
 * `invalidate(prefix)` after a change loads it again. `key` names everything `load` depends on,
 * so `load` may be a new function every render. A null key loads nothing.
 */
export function useQuery<T>(key: string, load: Loader<T>): Query<T>
export function useQuery<T>(key: string | null, load: Loader<T>): Query<T, Loadable<T> | Idle>
export function useQuery<T>(key: string | null, load: Loader<T>): Query<T, Loadable<T> | Idle> {
  const latestLoad = useRef(load)
  latestLoad.current = load
  const [attempt, setAttempt] = useState(0)
  const subscribe = useCallback((listener: () => void) => (key === null ? noop() : subscribeQuery(key, listener)), [key])
  const stored = useSyncExternalStore(subscribe, () => (key === null ? undefined : readQuery<T>(key)))

  useEffect(() => {
    if (key !== null) void fetchQuery(key, latestLoad.current)
  }, [key])

  // A key not loaded yet (or failed) offers the value of the key before as `previous` (a next page, a new filter).
  const shown = useRef<T | undefined>(undefined)
  let state: Loadable<T> | Idle = key === null ? IDLE : (stored ?? LOADING)
  if (state.status === 'success') shown.current = state.data
  else if (state.status !== 'idle' && state.previous === undefined && shown.current !== undefined) state = { ...state, previous: shown.current }

  const retry = useCallback(() => {
    if (key === null) return
    setAttempt((value) => value + 1)
    void fetchQuery(key, latestLoad.current, 'foreground')
  }, [key])
  const refresh = useCallback(async () => (key === null ? undefined : fetchQuery(key, latestLoad.current)), [key])
  const replace = useCallback((data: T) => {
    if (key !== null) setQueryData(key, data)
  }, [key])
  const data = state.status === 'success' ? state.data : state.status === 'loading' ? state.previous : undefined
  return { state, data, retry, refresh, replace, attempt }
}
