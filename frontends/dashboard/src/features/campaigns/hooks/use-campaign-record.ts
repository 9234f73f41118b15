import type { Campaign } from '@donaciones/contracts'
import { apiRequest, useQuery } from '@donaciones/web-kit'
import { CAMPAIGNS_PATH } from '../api/campaign-records-api.ts'

/** GET /campaigns/{id} (admin view: any campaign, active or not); failures are shown by the page. */
export function useCampaignRecord(id: string) {
  return useQuery<Campaign>(`${CAMPAIGNS_PATH}/${id}`, (signal) => apiRequest<Campaign>('LOAD_CAMPAIGN', `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}`, { signal, silent: true }))
}
