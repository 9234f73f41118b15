import { useEffect, useState } from 'react'
import { getVisits } from '../api/get-visits.ts'

export type VisitsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; total: number }

/** Loads the site's visit total once. */
export function useVisits(): VisitsState {
  const [state, setState] = useState<VisitsState>({ status: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    getVisits(controller.signal).then(
      (total) => setState({ status: 'ready', total }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' })
      },
    )
    return () => controller.abort()
  }, [])
  return state
}
