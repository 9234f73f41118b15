import { type ApiError, apiRequest, useLoad } from '@donaciones/web-kit'

export interface ApiData<T> {
  /** undefined while first loading or after a failure; while loading again, the last data. */
  data: T | undefined
  loading: boolean
  /** true when the last load failed (the kit already showed the warning toast unless `silent`). */
  failed: boolean
  /** Why the last load failed (its status tells a missing record from an outage). */
  error: ApiError | undefined
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
  const silent = options.silent ?? false
  const { state, retry, replace } = useLoad<T>(path === null ? null : JSON.stringify([action, path, silent]), (signal) =>
    apiRequest<T>(action, path as string, { signal, silent }),
  )
  return {
    data: state.status === 'success' ? state.data : state.status === 'loading' ? state.previous : undefined,
    loading: state.status === 'loading',
    failed: state.status === 'error',
    error: state.status === 'error' ? state.error : undefined,
    reload: retry,
    setData: replace,
  }
}
