import { useId } from 'react'
import { formatInteger, formatMoney } from '../format/dates.ts'
import { GoalProgressBar } from './GoalProgressBar.tsx'
import './campaign-progress.css'

export interface CampaignProgressProps {
  /** MXN; the bar shows only when the campaign has a goal above 0. */
  goal: number | null
  /** MXN from approved donations. */
  raised: number
  donors: number
  /** Light text on a dark picture (the hero banner). */
  inverse?: boolean
}

/** Percentage of the goal reached, one decimal, at most 100. */
export function goalPercent(raised: number, goal: number | null): number {
  return goal !== null && goal > 0 ? Math.min(100, Math.round((raised / goal) * 1000) / 10) : 0
}

/**
 * What a campaign card tells a donor: amount raised, the goal and its bar, the donors. The block
 * always takes the same height (the bar's place is kept without a goal), so cards do not shift.
 */
export function CampaignProgress({ goal, raised, donors, inverse = false }: CampaignProgressProps) {
  const labelId = useId()
  const hasGoal = goal !== null && goal > 0
  const percent = goalPercent(raised, goal)
  return (
    <div className={`campaign-progress${inverse ? ' campaign-progress--inverse' : ''}`} data-testid="campaign-progress">
      <p id={labelId} className="campaign-progress__amounts">
        <strong data-testid="card-raised">{formatMoney(raised)}</strong> recaudados
        {hasGoal && (
          <>
            {' '}de <span data-testid="card-goal">{formatMoney(goal)}</span>
          </>
        )}
      </p>
      {hasGoal ? (
        <GoalProgressBar percent={percent} labelledBy={labelId} block="campaign-progress" />
      ) : (
        <div className="campaign-progress__bar campaign-progress__bar--none" aria-hidden="true" />
      )}
      <p className="campaign-progress__donors">
        <span data-testid="card-donors">{formatInteger(donors)}</span> {donors === 1 ? 'donador' : 'donadores'}
        {hasGoal && <span className="campaign-progress__percent"> · {percent}% de la meta</span>}
      </p>
    </div>
  )
}
