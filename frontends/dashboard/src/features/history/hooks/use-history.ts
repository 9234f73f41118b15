import { useCallback, useEffect, useState } from 'react'
import type { HistoricalEvent, HistoricalUserResponse } from '@donaciones/contracts'
import { ApiError } from '@donaciones/web-kit'
import { fetchDayHistory, fetchUserHistory } from '../api/history-api.ts'

export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'success'; data: T }

/** Runs `load` whenever `key` changes (aborting the previous request); `retry` runs it again. */
function useLoad<T>(key: string | null, load: (key: string, signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<Loadable<T>>({ status: key ? 'loading' : 'idle' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!key) {
      setState({ status: 'idle' })
      return
    }
    const controller = new AbortController()
    setState({ status: 'loading' })
    load(key, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        setState({ status: 'error', error: error instanceof ApiError ? error : new ApiError(0, 'Sin conexión', 'No fue posible comunicarse con el servidor') })
      },
    )
    return () => controller.abort()
  }, [key, load, attempt])

  const retry = useCallback(() => setAttempt((value) => value + 1), [])
  return { state, retry }
}

/** The changes of one day (YYYY-MM-DD); nothing is loaded while no day is chosen. */
export function useDayHistory(day: string | null) {
  return useLoad<HistoricalEvent[]>(day, fetchDayHistory)
}

/** One user and the changes they made. */
export function useUserHistory(id: string | null) {
  return useLoad<HistoricalUserResponse>(id, fetchUserHistory)
}
