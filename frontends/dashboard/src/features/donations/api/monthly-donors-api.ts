import { monthlyDonorListResponseSchema, type MonthlyDonationStatus, type MonthlyDonorListResponse } from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'
import { saveBlob } from '../../../lib/save-blob.ts'

export type MonthlyStatusFilter = MonthlyDonationStatus | 'all'

export interface MonthlyDonorQuery {
  page: number
  search: string
  status: MonthlyStatusFilter
}

function paramsOf(query: Omit<MonthlyDonorQuery, 'page'> & { page?: number }): URLSearchParams {
  const params = new URLSearchParams({ status: query.status })
  if (query.page) params.set('page', String(query.page))
  const search = query.search.trim()
  if (search) params.set('search', search)
  return params
}

/** GET /donations/monthly: a page of monthly donors with the summary boxes. */
export function fetchMonthlyDonors(query: MonthlyDonorQuery, signal?: AbortSignal): Promise<MonthlyDonorListResponse> {
  return apiRequest('GET_MONTHLY_DONORS', `/donations/monthly?${paramsOf(query).toString()}`, {
    schema: monthlyDonorListResponseSchema,
    silent: true,
    ...(signal ? { signal } : {}),
  })
}

/** GET /donations/monthly/export with the same filters, saved as donadores-mensuales.xlsx. */
export async function exportMonthlyDonors(query: Omit<MonthlyDonorQuery, 'page'>): Promise<void> {
  const blob = await apiRequest<Blob>('LOAD_EXPORT', `/donations/monthly/export?${paramsOf(query).toString()}`, { responseType: 'blob' })
  saveBlob(blob, 'donadores-mensuales.xlsx')
}
