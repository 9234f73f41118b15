import { CAUSE_UPDATE, type DonorWallMessage } from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'
import { exportRecords, putRecordStatus } from '../../../api/records.ts'

/** The admin campaign collection under /api (GET list, GET one, PUT toggle, POST export). */
export const CAMPAIGNS_PATH = '/campaigns'

/** POST /campaigns/export {selection} ([] = every campaign) → campaigns.xlsx. */
export function exportCampaigns(ids: string[]): Promise<void> {
  return exportRecords(CAMPAIGNS_PATH, ids, 'campaigns')
}

/** PUT /campaigns/{id} {payload:{active}, historical}. */
export function toggleCampaign(id: string, active: boolean, description: string): Promise<unknown> {
  return putRecordStatus<unknown>(CAMPAIGNS_PATH, id, active, description)
}

/** GET /campaigns/{id}/donor-wall: every donor message of the campaign, hidden or not, newest first. */
export function loadDonorMessages(id: string, signal?: AbortSignal): Promise<DonorWallMessage[]> {
  return apiRequest<DonorWallMessage[]>('LOAD_DONOR_MESSAGES', `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}/donor-wall`, { silent: true, ...(signal && { signal }) })
}

/** PUT /campaigns/{id}/donor-wall/{donationId} {payload:{hidden}, historical}: hides a donor's message from the wall, or shows it again. */
export function moderateDonorMessage(id: string, donationId: string, hidden: boolean, description: string): Promise<unknown> {
  return apiRequest('MODERATE_DONOR_MESSAGE', `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}/donor-wall/${encodeURIComponent(donationId)}`, {
    method: 'PUT',
    json: { payload: { hidden }, historical: { cause: CAUSE_UPDATE, description } },
  })
}
