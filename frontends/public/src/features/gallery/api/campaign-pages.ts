import { apiRequest } from '@donaciones/web-kit'
import type { CampaignPage } from '@donaciones/contracts'

/**
 * One page of the gallery: the normal scroll list, or the title search when `title` is set.
 * (The search answer also carries searchValue, which the gallery does not need.)
 */
export function getCampaignPage(page: number, title: string | null, signal: AbortSignal): Promise<CampaignPage> {
  const path = title
    ? `/public/campaigns/search/campaigns?${new URLSearchParams({ page: String(page), title }).toString()}`
    : `/public/campaigns/scroll/campaigns?page=${page}`
  return apiRequest<CampaignPage>('LOAD_CAMPAIGNS', path, { silent: true, signal })
}
