import { z } from 'zod'
import {
  donationGraphResponseSchema,
  donationSchema,
  donationSummarySchema,
  type DonationType,
} from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'

/** The three dashboard channels (route segment) of spec §2.5. */
export type DashboardChannel = 'paypal' | 'card' | 'oxxo'

/** Read paths of the donation service per channel; `undefined` is the hub's combined list. */
const basePaths: Readonly<Record<DashboardChannel, string>> = {
  paypal: '/donations/paypal',
  card: '/donations/conekta/card',
  oxxo: '/donations/conekta/oxxo',
}
export const basePathOf = (channel: DashboardChannel | undefined): string => (channel ? basePaths[channel] : '/donations')

/** A donation as the read routes answer it: the contract plus the recorded donor and status. */
export const dashboardDonationSchema = donationSchema.extend({
  status: z.enum(['pending', 'approved', 'failed', 'expired']).optional(),
  donor: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }).optional(),
})
export type DashboardDonation = z.infer<typeof dashboardDonationSchema>

/** A page of a list plus the approved totals of the filtered set. */
export const dashboardDonationListSchema = z.object({
  docs: z.array(dashboardDonationSchema),
  totalDocs: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  total: z.number().min(0).optional(),
  donors: z.number().int().min(0).optional(),
})
export type DashboardDonationList = z.infer<typeof dashboardDonationListSchema>

export type DonationTypeFilter = DonationType | 'all'

export interface ListQuery {
  page: number
  search: string
  type?: DonationTypeFilter
}

export function fetchDonationList(channel: DashboardChannel | undefined, query: ListQuery, signal?: AbortSignal): Promise<DashboardDonationList> {
  const params = new URLSearchParams({ page: String(query.page) })
  for (const [name, value] of filterParams(query)) params.set(name, value)
  return apiRequest('GET_DONATIONS', `${basePathOf(channel)}?${params.toString()}`, {
    schema: dashboardDonationListSchema,
    silent: true,
    ...(signal ? { signal } : {}),
  })
}

/** What the list shows besides its page: the summary boxes follow the same filters. */
export type ListFilters = Omit<ListQuery, 'page'>

function filterParams(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams()
  const search = filters.search.trim()
  if (search) params.set('search', search)
  if (filters.type && filters.type !== 'all') params.set('type', filters.type)
  return params
}

/** The approved donations among those the list's filters select, summed by the server. */
export function fetchDonationSummary(channel: DashboardChannel | undefined, filters: ListFilters, signal?: AbortSignal) {
  const query = filterParams(filters).toString()
  return apiRequest('GET_DONATION_SUMMARY', `${basePathOf(channel)}/counters/info${query ? `?${query}` : ''}`, {
    schema: donationSummarySchema,
    silent: true,
    ...(signal ? { signal } : {}),
  })
}

export function fetchDonationGraph(channel: DashboardChannel | undefined) {
  return apiRequest('GET_DONATION_GRAPH', `${basePathOf(channel)}/graph`, { schema: donationGraphResponseSchema, silent: true })
}

/** Every id of a list with the same filters (page after page), for 'Descargar todo'. */
export async function collectDonationIds(channel: DashboardChannel | undefined, query: Omit<ListQuery, 'page'>): Promise<string[]> {
  const ids: string[] = []
  for (let page = 1; ; page += 1) {
    const list = await fetchDonationList(channel, { ...query, page })
    ids.push(...list.docs.map((doc) => doc._id))
    if (list.docs.length === 0 || ids.length >= list.totalDocs) return ids
  }
}

/** The wallet detail comes from its own route (404 for a donation of another channel). */
export function fetchDonation(channel: DashboardChannel, id: string) {
  const path = channel === 'paypal' ? `/donations/paypal/${encodeURIComponent(id)}` : `/donations/${encodeURIComponent(id)}`
  return apiRequest('LOAD_DONATION', path, { schema: dashboardDonationSchema, silent: true })
}
