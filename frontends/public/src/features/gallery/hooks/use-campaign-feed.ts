import { useCallback, useEffect, useRef, useState } from 'react'
import { FIRST_PAGE, type CampaignCard } from '@donaciones/contracts'
import { getCampaignPage } from '../api/campaign-pages.ts'

export interface CampaignFeed {
  cards: CampaignCard[]
  status: 'loading' | 'idle' | 'error'
  /** True once the last page has arrived. */
  done: boolean
  /** Loads the next page (ignored while one is loading or when there is none). */
  loadMore: () => void
}

/**
 * The gallery's pages, appended one after another (spec §2.1 infinite scroll). A new `title` or
 * `resetKey` (each navigation, even to the same URL) clears the list and starts again at page 1.
 */
export function useCampaignFeed(title: string | null, resetKey: string): CampaignFeed {
  const [cards, setCards] = useState<CampaignCard[]>([])
  const [status, setStatus] = useState<CampaignFeed['status']>('loading')
  const [nextPage, setNextPage] = useState<number | null>(FIRST_PAGE)
  const busy = useRef(false)
  const controller = useRef<AbortController | null>(null)

  const load = useCallback(
    (page: number, replace: boolean) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      busy.current = true
      setStatus('loading')
      getCampaignPage(page, title, current.signal).then(
        (result) => {
          setCards((previous) => (replace ? result.docs : [...previous, ...result.docs]))
          setNextPage(result.nextPage)
          setStatus('idle')
          busy.current = false
        },
        () => {
          if (current.signal.aborted) return
          setStatus('error')
          busy.current = false
        },
      )
    },
    [title],
  )

  useEffect(() => {
    setCards([])
    setNextPage(FIRST_PAGE)
    load(FIRST_PAGE, true)
    return () => controller.current?.abort()
  }, [load, resetKey])

  const loadMore = useCallback(() => {
    if (busy.current || nextPage === null) return
    load(nextPage, false)
  }, [load, nextPage])

  return { cards, status, done: nextPage === null, loadMore }
}
