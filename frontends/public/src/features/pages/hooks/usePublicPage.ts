import { useCallback, useEffect, useState } from 'react'
import { ApiError } from '@donaciones/web-kit'
import type { PublicPage } from '@donaciones/contracts'
import { getPublicPage } from '../api/get-page.ts'

export type PageState = { status: 'loading' } | { status: 'not-found' } | { status: 'error' } | { status: 'ready'; page: PublicPage }

export function usePublicPage(name: string): PageState & { retry: () => void } {
  const [state, setState] = useState<PageState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    getPublicPage(name, controller.signal).then(
      (page) => setState({ status: 'ready', page }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        setState({ status: error instanceof ApiError && error.status === 404 ? 'not-found' : 'error' })
      },
    )
    return () => controller.abort()
  }, [name, attempt])
  const retry = useCallback(() => setAttempt((value) => value + 1), [])
  return { ...state, retry }
}
