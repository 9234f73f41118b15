/** Spec §2.3: a campaign shows its donation card only when its goal is above 0. */
export function receivesDonations(goal: number | null | undefined): boolean {
  return typeof goal === 'number' && goal > 0
}

/** How the dashboard marks a campaign that takes no donations for lack of a goal. */
export const NO_GOAL_NOTICE = 'Sin meta: no recibe donaciones'

/** The configuration screen's warning about active campaigns without a goal. */
export function campaignsWithoutGoalWarning(count: number): string {
  return count === 1
    ? 'Hay 1 campaña activa sin meta: no recibe donaciones.'
    : `Hay ${count} campañas activas sin meta: no reciben donaciones.`
}
