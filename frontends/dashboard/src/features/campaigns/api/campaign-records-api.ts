import { exportRecords, toggleRecord } from '../../../hooks/record-mutations.ts'

/** The admin campaign collection under /api (GET list, GET one, PUT toggle, POST export). */
export const CAMPAIGNS_PATH = '/campaigns'

/** Dashboard routes of the campaign screens. */
export const CAMPAIGN_ROUTES = {
  list: '/dashboard/campaign/list',
  create: '/dashboard/campaign/create',
  view: (id: string) => `/dashboard/campaign/view/${encodeURIComponent(id)}`,
  edit: (id: string) => `/dashboard/campaign/edit/${encodeURIComponent(id)}`,
}

/** POST /campaigns/export {selection} ([] = every campaign) → campaigns.xlsx. */
export function exportCampaigns(ids: string[]): Promise<void> {
  return exportRecords(CAMPAIGNS_PATH, ids, 'campaigns')
}

/** Asks the justification, then PUT /campaigns/{id} {payload:{active}, historical}; null when cancelled. */
export function toggleCampaign(id: string, active: boolean): Promise<unknown> {
  return toggleRecord<unknown>(CAMPAIGNS_PATH, id, active)
}
