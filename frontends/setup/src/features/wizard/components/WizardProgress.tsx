import { WIZARD_STEPS } from '../lib/steps.ts'

/** 'Paso N de 16' with a progress bar. */
export function WizardProgress({ step }: { step: number }) {
  const total = WIZARD_STEPS.length
  const label = `Paso ${step + 1} de ${total}`
  return (
    <div className="setup-progress">
      <p className="setup-progress__label">{label}</p>
      <progress className="setup-progress__bar" max={total} value={step + 1} aria-label={label} />
    </div>
  )
}
