/**
 * The goal's progress bar, read out as "N% de la meta". `block` is the CSS block of the place it
 * stands in (`<block>__bar`, `<block>__fill`), so a card and the campaign page size it their way.
 */
export function GoalProgressBar({ percent, labelledBy, block }: { percent: number; labelledBy: string; block: string }) {
  return (
    <div
      className={`${block}__bar`}
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}% de la meta`}
    >
      <div className={`${block}__fill`} style={{ width: `${percent}%` }} />
    </div>
  )
}
