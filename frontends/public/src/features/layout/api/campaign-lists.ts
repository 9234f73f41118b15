import { apiRequest } from '@donaciones/web-kit'
import type { CampaignCard } from '@donaciones/contracts'

// The layout is on every page: answers are typed, not validated, so it does not pull in zod.

/** Campaigns of the hero banner at the top of the home page. */
export function getBannerCampaigns(signal: AbortSignal): Promise<CampaignCard[]> {
  return apiRequest<CampaignCard[]>('LOAD_BANNER', '/public/campaigns/banner', { silent: true, signal })
}

/** Campaigns of the card slider above the footer. */
export function getSliderCampaigns(signal: AbortSignal): Promise<CampaignCard[]> {
  return apiRequest<CampaignCard[]>('LOAD_SLIDER', '/public/campaigns/slider', { silent: true, signal })
}
