import { LAST_STEP } from '../lib/steps.ts'

interface WizardActionsProps {
  stepIndex: number
  /** False on step 0 until the terms are accepted: Continue is not shown. */
  canContinue: boolean
  sending: boolean
  onBack: () => void
  /** Optional steps (9 to 13 and 15). */
  onSkip?: () => void
}

/** Atrás, Omitir (optional steps) and Continuar; 'Guardar' on the last two steps (spec §2.4). */
export function WizardActions({ stepIndex, canContinue, sending, onBack, onSkip }: WizardActionsProps) {
  const forward = stepIndex >= LAST_STEP - 1 ? 'Guardar' : 'Continuar'
  return (
    <div className="kit-actions setup-actions">
      {stepIndex > 0 && (
        <button type="button" className="kit-button kit-button--secondary" onClick={onBack} disabled={sending}>
          Atrás
        </button>
      )}
      {onSkip && (
        <button type="button" className="kit-button kit-button--secondary" onClick={onSkip} disabled={sending}>
          {stepIndex === LAST_STEP ? 'Omitir y guardar' : 'Omitir'}
        </button>
      )}
      {canContinue && (
        <button type="submit" className="kit-button" disabled={sending} aria-busy={sending}>
          {sending ? 'Guardando...' : forward}
        </button>
      )}
    </div>
  )
}
