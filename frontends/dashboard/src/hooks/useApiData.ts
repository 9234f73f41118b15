import { useCallback, useEffect, useState } from 'react'
import { apiRequest } from '@donaciones/web-kit'

export interface ApiData<T> {
  /** undefined while loading or after a failure. */
  data: T | undefined
  loading: boolean
  /** true when the last load failed (the kit already showed the warning toast unless `silent`). */
  failed: boolean
  /** Loads again (after a change). */
  reload: () => void
  /** Replaces the data locally (after a PUT that answered the new record). */
  setData: (data: T) => void
}

/**
 * GET `path` (under /api) when the component mounts and whenever `path` changes.
 * `action` names the request (LOAD_… shows the global spinner). A null path loads nothing.
 */
export function useApiData<T>(action: string, path: string | null, options: { silent?: boolean } = {}): ApiData<T> {
  const [data, setData] = useState<T | undefined>(undefined)
  const [loading, setLoading] = useState(path !== null)
  const [failed, setFailed] = useState(false)
  const [version, setVersion] = useState(0)
  const silent = options.silent ?? false

  useEffect(() => {
    if (path === null) return
    const controller = new AbortController()
    setLoading(true)
    setFailed(false)
    apiRequest<T>(action, path, { signal: controller.signal, silent })
      .then((answer) => {
        setData(answer)
        setLoading(false)
      })
      .catch(() => {
        if (controller.signal.aborted) return
        setData(undefined)
        setFailed(true)
        setLoading(false)
      })
    return () => controller.abort()
  }, [action, path, silent, version])

  const reload = useCallback(() => setVersion((value) => value + 1), [])
  return { data, loading, failed, reload, setData }
}
