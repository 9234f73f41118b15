import { apiRequest } from '@donaciones/web-kit'
import type { Counter } from '@donaciones/contracts'

/** GET /counters/visits → {total}. */
export async function getVisits(signal: AbortSignal): Promise<number> {
  const counter = await apiRequest<Counter>('LOAD_VISITS', '/counters/visits', { silent: true, signal })
  return counter.total
}
