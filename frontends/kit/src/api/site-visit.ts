import { apiRequest } from './client.ts'

let counting: Promise<unknown> | undefined

/** Counts this page load's visit to the site (spec: visit counter), once however often it is called. */
export function countSiteVisit(): Promise<unknown> {
  counting ??= apiRequest('COUNT_VISIT', '/counters/visits', { method: 'POST', silent: true })
  return counting
}

/**
 * Resolves once this page load's visit has been counted, or failed to be, so that a read of the
 * total made after it includes the visitor's own visit (the home page's counter).
 */
export async function siteVisitCounted(): Promise<void> {
  await counting?.catch(() => undefined)
}
