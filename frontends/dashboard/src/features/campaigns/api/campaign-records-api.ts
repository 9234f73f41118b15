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
