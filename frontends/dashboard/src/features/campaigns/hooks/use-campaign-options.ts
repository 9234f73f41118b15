import { useCallback, useEffect, useState } from 'react'
import type { Option } from '@donaciones/contracts'
import { loadCategoryOptions, loadInstitutionOptions } from '../api/campaign-api.ts'

export type CampaignOptionsState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; categories: Option[]; institutions: Option[] }

/** The choices of the campaign form: active categories and institutions. */
export function useCampaignOptions(): CampaignOptionsState {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<CampaignOptionsState>({ status: 'loading' })
  const retry = useCallback(() => setAttempt((value) => value + 1), [])

  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    Promise.all([loadCategoryOptions(controller.signal), loadInstitutionOptions(controller.signal)]).then(
      ([categories, institutions]) => setState({ status: 'ready', categories, institutions }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error', retry })
      },
    )
    return () => controller.abort()
  }, [attempt, retry])

  return state
}
