import { useCallback, useEffect, useRef, useState } from 'react'
import { readQuery, useQuery } from '@donaciones/web-kit'
import { FIRST_PAGE, type CampaignCard } from '@donaciones/contracts'
import { getCampaignPage } from '../api/campaign-pages.ts'

export interface CampaignFeed {
  cards: CampaignCard[]
  status: 'loading' | 'idle' | 'error'
  /** True once the last page has arrived. */
  done: boolean
  /** Loads the next page (ignored while one is loading or when there is none); after a failure, tries again. */
  loadMore: () => void
}

interface FeedPages {
  cards: CampaignCard[]
  nextPage: number | null
}

const feedKey = (title: string | null, pages: number) => `gallery:${title ?? ''}:${pages}`

/**
 * The first `pages` pages of the list: the ones before from the cache plus one more (loading more),
 * or all of them again (a refresh, or nothing cached).
 */
async function loadPages(title: string | null, pages: number, signal: AbortSignal): Promise<FeedPages> {
  const before = pages > FIRST_PAGE ? readQuery<FeedPages>(feedKey(title, pages - 1)) : undefined
  let feed: FeedPages = before?.status === 'success' ? before.data : { cards: [], nextPage: FIRST_PAGE }
  for (let page = feed.nextPage; page !== null && page < FIRST_PAGE + pages; page = feed.nextPage) {
    const result = await getCampaignPage(page, title, signal)
    feed = { cards: [...feed.cards, ...result.docs], nextPage: result.nextPage }
  }
  return feed
}

/**
 * The gallery's pages, appended one after another (spec §2.1 infinite scroll). A new `title` or
 * `resetKey` (each navigation, even to the same URL) starts again at page 1 (shown at once from
 * the kit's cache when it has it, and refreshed).
 */
export function useCampaignFeed(title: string | null, resetKey: string): CampaignFeed {
  const [wanted, setWanted] = useState({ resetKey, title, pages: 1 })
  const pages = wanted.resetKey === resetKey && wanted.title === title ? wanted.pages : 1
  const { state, retry, refresh } = useQuery(feedKey(title, pages), (signal) => loadPages(title, pages, signal))

  // A navigation to the list already shown (a search for empty text) loads it again (spec §2.2).
  const lastReset = useRef(resetKey)
  useEffect(() => {
    if (lastReset.current === resetKey) return
    lastReset.current = resetKey
    void refresh()
  }, [resetKey, refresh])

  const status: CampaignFeed['status'] = state.status === 'success' ? 'idle' : state.status
  // A new list (page 1) starts empty; loading more keeps the cards already shown.
  const feed = state.status === 'success' ? state.data : pages > 1 ? state.previous : undefined
  const done = state.status === 'success' && state.data.nextPage === null

  const loadMore = useCallback(() => {
    if (status === 'error') retry()
    else if (status === 'idle' && !done) setWanted({ resetKey, title, pages: pages + 1 })
  }, [status, done, retry, resetKey, title, pages])

  return { cards: feed?.cards ?? [], status, done, loadMore }
}
