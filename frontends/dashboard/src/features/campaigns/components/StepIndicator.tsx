import { CAMPAIGN_STEPS } from '../lib/campaign-form.ts'

/** 'Paso N de 4' and the titles of the wizard's steps, the current one marked. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <nav className="campaign-steps" aria-label="Pasos del asistente">
      <p className="campaign-steps__count" aria-live="polite">
        Paso {current + 1} de {CAMPAIGN_STEPS.length}
      </p>
      <ol className="campaign-steps__list">
        {CAMPAIGN_STEPS.map((step, index) => (
          <li
            key={step.title}
            className={`campaign-steps__item${index < current ? ' campaign-steps__item--done' : ''}`}
            {...(index === current && { 'aria-current': 'step' as const })}
          >
            {step.title}
          </li>
        ))}
      </ol>
    </nav>
  )
}
