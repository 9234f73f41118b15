import { useCallback, useEffect, useState } from 'react'
import type { CampaignCard } from '@donaciones/contracts'

export type CardsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; cards: CampaignCard[] }

/** Loads a list of campaign cards once; `retry` loads it again after a failure. */
export function useCampaignCards(load: (signal: AbortSignal) => Promise<CampaignCard[]>): CardsState & { retry: () => void } {
  const [state, setState] = useState<CardsState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    load(controller.signal).then(
      (cards) => setState({ status: 'ready', cards }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' })
      },
    )
    return () => controller.abort()
  }, [load, attempt])
  const retry = useCallback(() => setAttempt((value) => value + 1), [])
  return { ...state, retry }
}
