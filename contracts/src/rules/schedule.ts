import { todayInMexico } from '../dates.ts'

/**
 * A campaign whose publication date is after today in Mexico City is scheduled: it is not public
 * and takes no donations until that day begins (shown as 'Programada' in the dashboard).
 */
export function isScheduled(publicationDate: string, now: Date = new Date()): boolean {
  return publicationDate.slice(0, 10) > todayInMexico(now)
}

export const SCHEDULED_LABEL = 'Programada'

/** The state a campaign list shows: inactive, scheduled or active. */
export function campaignStateLabel(campaign: { active: boolean; date: string }, now: Date = new Date()): 'Inactivo' | 'Programada' | 'Activo' {
  if (!campaign.active) return 'Inactivo'
  return isScheduled(campaign.date, now) ? SCHEDULED_LABEL : 'Activo'
}
