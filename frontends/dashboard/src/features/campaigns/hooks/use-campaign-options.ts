import type { Option } from '@donaciones/contracts'
import { useLoad } from '@donaciones/web-kit'
import { loadCategoryOptions, loadInstitutionOptions } from '../api/campaign-api.ts'

export type CampaignOptionsState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; categories: Option[]; institutions: Option[] }

/** The choices of the campaign form: active categories and institutions. */
export function useCampaignOptions(): CampaignOptionsState {
  const { state, retry } = useLoad('campaign-options', (signal) => Promise.all([loadCategoryOptions(signal), loadInstitutionOptions(signal)]))
  if (state.status === 'success') return { status: 'ready', categories: state.data[0], institutions: state.data[1] }
  if (state.status === 'error') return { status: 'error', retry }
  return { status: 'loading' }
}
