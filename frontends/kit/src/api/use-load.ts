import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from './api-error.ts'

export type Loadable<T> =
  /** `previous`: what the last load gave, for screens that keep it visible while loading again. */
  | { status: 'loading'; previous?: T }
  | { status: 'error'; error: ApiError }
  | { status: 'success'; data: T }

/** Nothing to load (a null key). */
export interface Idle {
  status: 'idle'
}

/** Any failure as the kit's ApiError (a network failure has status 0). */
function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'No se pudo cargar esta sección', 'Revise su conexión e intente de nuevo.')
}

/** 404, or a malformed id (400/422): the record does not exist, and retrying will not change that. */
export function isMissing(error: ApiError): boolean {
  return [400, 404, 422].includes(error.status)
}

export interface Load<T, S = Loadable<T>> {
  state: S
  /** Loads again (after a failure or a change). */
  retry: () => void
  /** Replaces the data locally (after a PUT that answered the new record). */
  replace: (data: T) => void
  /** Counts the loads, for children that must load again with this one. */
  attempt: number
}

/**
 * Runs `load` whenever `key` changes (aborting the previous request); a null key loads nothing.
 * `key` names everything `load` depends on, so `load` itself may be a new function every render.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Load<T>
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Load<T, Loadable<T> | Idle>
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Load<T, Loadable<T> | Idle> {
  const [state, setState] = useState<Loadable<T> | Idle>(key === null ? { status: 'idle' } : { status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const latestLoad = useRef(load)
  latestLoad.current = load

  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle' })
      return
    }
    const controller = new AbortController()
    setState((current) => {
      const previous = current.status === 'success' ? current.data : current.status === 'loading' ? current.previous : undefined
      return previous === undefined ? { status: 'loading' } : { status: 'loading', previous }
    })
    latestLoad.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error: asApiError(error) })
      },
    )
    return () => controller.abort()
  }, [key, attempt])

  const retry = useCallback(() => setAttempt((value) => value + 1), [])
  const replace = useCallback((data: T) => setState({ status: 'success', data }), [])
  return { state, retry, replace, attempt }
}
