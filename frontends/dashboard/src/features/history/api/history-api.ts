import {
  historicalListResponseSchema,
  historicalUserResponseSchema,
  type HistoricalEvent,
  type HistoricalUserResponse,
} from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'

/** GET /historical/?date=YYYY-MM-DD: the changes of one day (Mexico City time), newest first. */
export function fetchDayHistory(day: string, signal?: AbortSignal): Promise<HistoricalEvent[]> {
  return apiRequest('FETCH_HISTORICAL', `/historical/?date=${encodeURIComponent(day)}`, {
    schema: historicalListResponseSchema,
    silent: true,
    ...(signal && { signal }),
  })
}

/** GET /historical/user/{id}: the user and the changes they made, newest first. */
export function fetchUserHistory(id: string, signal?: AbortSignal): Promise<HistoricalUserResponse> {
  return apiRequest('FETCH_USER_HISTORICAL', `/historical/user/${encodeURIComponent(id)}`, {
    schema: historicalUserResponseSchema,
    silent: true,
    ...(signal && { signal }),
  })
}
