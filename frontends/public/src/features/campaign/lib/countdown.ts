import type { Campaign } from '@donaciones/contracts'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

export interface Countdown {
  /** Whole hours left (0 once ended). */
  hours: number
  /** Whole days left. */
  days: number
}

/** End = publication date (or creation) + duration days; the server's endsAt when it sends one. */
export function campaignEnd(campaign: Campaign): number {
  if (campaign.endsAt) return new Date(campaign.endsAt).getTime()
  const start = campaign.date ? new Date(`${campaign.date}T00:00:00`).getTime() : new Date(campaign.createdAt).getTime()
  return start + campaign.duration * DAY_MS
}

export function countdownOf(campaign: Campaign, now = Date.now()): Countdown {
  const left = Math.max(0, campaignEnd(campaign) - now)
  return { hours: Math.floor(left / HOUR_MS), days: Math.floor(left / DAY_MS) }
}

/** 'Quedan N días' when days remain, else 'Quedan N horas'. */
export function countdownText({ days, hours }: Countdown): string | null {
  if (days > 0) return `Quedan ${days} ${days === 1 ? 'día' : 'días'}`
  if (hours > 0) return `Quedan ${hours} ${hours === 1 ? 'hora' : 'horas'}`
  return null
}

/** Approved donations over the goal, as a percentage capped at 100 for the bar. */
export function goalProgress(campaign: Campaign): { raised: number; percent: number } {
  const raised = campaign.donations.filter((donation) => donation.type !== 'failed' && donation.approved !== false).reduce((sum, donation) => sum + donation.amount, 0)
  const goal = campaign.goal ?? 0
  const percent = goal > 0 ? Math.min(100, Math.round((raised / goal) * 1000) / 10) : 0
  return { raised, percent }
}
