import type { HistoricalEvent, HistoricalUserResponse } from '@donaciones/contracts'
import { useQuery } from '@donaciones/web-kit'
import { fetchDayHistory, fetchUserHistory } from '../api/history-api.ts'

/** The changes of one day (YYYY-MM-DD); nothing is loaded while no day is chosen. */
export function useDayHistory(day: string | null) {
  return useQuery<HistoricalEvent[]>(day === null ? null : `/historical/day/${day}`, (signal) => fetchDayHistory(day as string, signal))
}

/** One user and the changes they made. */
export function useUserHistory(id: string | null) {
  return useQuery<HistoricalUserResponse>(id === null ? null : `/historical/user/${id}`, (signal) => fetchUserHistory(id as string, signal))
}
