import type { Option } from '@donaciones/contracts'
import { useQuery } from '@donaciones/web-kit'
import { loadCategoryOptions, loadInstitutionOptions } from '../api/campaign-api.ts'

export type CampaignOptionsState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; categories: Option[]; institutions: Option[] }

/**
 * The choices of the campaign form: active categories and institutions. Each is keyed under its
 * collection, so a change to a category or an institution invalidates it.
 */
export function useCampaignOptions(): CampaignOptionsState {
  const categories = useQuery('/categories/options', loadCategoryOptions)
  const institutions = useQuery('/institutions/options', loadInstitutionOptions)
  if (categories.state.status === 'success' && institutions.state.status === 'success') {
    return { status: 'ready', categories: categories.state.data, institutions: institutions.state.data }
  }
  if (categories.state.status === 'error' || institutions.state.status === 'error') {
    return {
      status: 'error',
      retry: () => {
        if (categories.state.status === 'error') categories.retry()
        if (institutions.state.status === 'error') institutions.retry()
      },
    }
  }
  return { status: 'loading' }
}
