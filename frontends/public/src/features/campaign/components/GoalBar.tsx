import { useId } from 'react'
import { formatMoney } from '@donaciones/web-kit'
import type { Campaign } from '@donaciones/contracts'
import { goalProgress } from '../lib/countdown.ts'

/** Approved donations against the goal. */
export function GoalBar({ campaign, goal }: { campaign: Campaign; goal: number }) {
  const labelId = useId()
  const { raised, percent } = goalProgress(campaign)
  return (
    <section className="campaign-goal">
      <h2 id={labelId} className="campaign-goal__title">Meta de la campaña</h2>
      <div
        className="campaign-goal__bar"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% de la meta`}
      >
        <div className="campaign-goal__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="campaign-goal__amounts">
        <strong data-testid="recaudado">{formatMoney(raised)}</strong> recaudados de <span data-testid="meta">{formatMoney(goal)}</span> ({percent}%)
      </p>
    </section>
  )
}
