import { campaignSegmentOf, type PageKind } from '@donaciones/contracts'
import { useLocation } from '@donaciones/web-kit/router'
import { usePageHead } from '@donaciones/web-kit'
import type { CampaignState } from './use-campaign.ts'

/**
 * The campaign page's head as the gateway writes it on a direct load of the same URL: the
 * campaign's title, description and image once it is loaded; 'Campaña no encontrada' (noindex)
 * when there is none; the site's own when it could not be read. While it loads, the head stays.
 */
export function useCampaignHead(state: CampaignState): void {
  const { pathname } = useLocation()
  const segment = campaignSegmentOf(pathname)
  let page: PageKind | null = null
  if (segment && state.status === 'ready') {
    const { title, description, thumbnail } = state.campaign
    page = { kind: 'campaign', path: `/campaigns/${segment}`, campaign: { title, description, thumbnailPath: thumbnail.path } }
  } else if (state.status === 'not-found') page = { kind: 'missing-campaign' }
  else if (state.status === 'error') page = { kind: 'other', private: false }
  usePageHead(page)
}
