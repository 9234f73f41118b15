import { useId } from 'react'
import { formatMoney, GoalProgressBar } from '@donaciones/web-kit'
import type { Campaign } from '@donaciones/contracts'
import { goalProgress } from '../lib/countdown.ts'

/** Approved donations against the goal. */
export function GoalBar({ campaign, goal }: { campaign: Campaign; goal: number }) {
  const labelId = useId()
  const { raised, percent } = goalProgress(campaign)
  return (
    <section className="campaign-goal">
      <h2 id={labelId} className="campaign-goal__title">Meta de la campaña</h2>
      <GoalProgressBar percent={percent} labelledBy={labelId} block="campaign-goal" />
      <p className="campaign-goal__amounts">
        <strong data-testid="recaudado">{formatMoney(raised)}</strong> recaudados de <span data-testid="meta">{formatMoney(goal)}</span> ({percent}%)
      </p>
    </section>
  )
}
