import {
  campaignEditResponseSchema,
  CAUSE_UPDATE,
  optionListSchema,
  type CampaignEditView,
  type CampaignInput,
  type Option,
} from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'

/** The answer of POST/PUT /campaigns: the message and the saved campaign (its id and slug). */
export interface SavedCampaign {
  message: string
  _id: string
  slug?: string
}

/** GET /options/categories: active categories as value/label pairs. */
export function loadCategoryOptions(signal?: AbortSignal): Promise<Option[]> {
  return apiRequest('LOAD_CATEGORY_OPTIONS', '/options/categories', { schema: optionListSchema, silent: true, ...(signal && { signal }) })
}

/** GET /options/institutions: active institutions as value/label pairs. */
export function loadInstitutionOptions(signal?: AbortSignal): Promise<Option[]> {
  return apiRequest('LOAD_INSTITUTION_OPTIONS', '/options/institutions', { schema: optionListSchema, silent: true, ...(signal && { signal }) })
}

/** GET /campaigns/edit/{id}: categories and institution as value/label pairs, date YYYY-MM-DD. */
export function loadCampaignForEdit(id: string, signal?: AbortSignal): Promise<CampaignEditView> {
  return apiRequest('EDIT_CAMPAIGN', `/campaigns/edit/${encodeURIComponent(id)}`, {
    schema: campaignEditResponseSchema,
    silent: true,
    ...(signal && { signal }),
  })
}

/** POST /campaigns (categories as ids, institution as an id or null). */
export function createCampaign(input: CampaignInput): Promise<SavedCampaign> {
  return apiRequest<SavedCampaign>('SAVE_CAMPAIGN', '/campaigns', { method: 'POST', json: input })
}

/** PUT /campaigns/{id} {payload, historical: {cause: 'Actualización', description}}. */
export function updateCampaign(id: string, input: CampaignInput, description: string): Promise<SavedCampaign> {
  return apiRequest<SavedCampaign>('UPDATE_CAMPAIGN', `/campaigns/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: { payload: input, historical: { cause: CAUSE_UPDATE, description } },
  })
}
