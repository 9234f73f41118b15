import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '@donaciones/web-kit'

export type Remote<T> =
  | { state: 'loading' }
  | { state: 'error'; error: ApiError }
  | { state: 'ready'; data: T }

const toApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError(0, 'No se pudo cargar esta sección', 'Revise su conexión e intente de nuevo.')

/** Loads `load()` on mount and whenever `key` changes; `reload` repeats it. */
export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>, key: string): { remote: Remote<T>; reload: () => void } {
  const [remote, setRemote] = useState<Remote<T>>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    setRemote({ state: 'loading' })
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setRemote({ state: 'ready', data })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setRemote({ state: 'error', error: toApiError(error) })
      },
    )
    return () => controller.abort()
    // `load` is recreated every render; `key` names what it depends on.
  }, [key, attempt])
  const reload = useCallback(() => setAttempt((value) => value + 1), [])
  return { remote, reload }
}
