import { apiRequest, siteVisitCounted } from '@donaciones/web-kit'
import type { Counter } from '@donaciones/contracts'

/** GET /counters/visits → {total}, read once this page load's own visit is counted, so that it includes it. */
export async function getVisits(signal: AbortSignal): Promise<number> {
  await siteVisitCounted()
  const counter = await apiRequest<Counter>('LOAD_VISITS', '/counters/visits', { silent: true, signal })
  return counter.total
}
