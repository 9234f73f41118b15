export interface FormActionsProps {
  /** 'create' shows 'Guardar'; 'edit' shows 'Cancelar' and 'Actualizar'. */
  mode: 'create' | 'edit'
  /** From react-hook-form's formState: the submit is disabled while pristine, submitting or invalid. */
  isDirty: boolean
  isValid: boolean
  isSubmitting: boolean
  /** 'Cancelar' (edit mode): usually navigates back to the view or list. */
  onCancel?: () => void
}

/** The buttons under every dashboard form (spec §2.5). Place it inside the <form>. */
export function FormActions({ mode, isDirty, isValid, isSubmitting, onCancel }: FormActionsProps) {
  const disabled = !isDirty || !isValid || isSubmitting
  return (
    <div className="kit-actions">
      {mode === 'edit' && (
        <button type="button" className="kit-button kit-button--secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </button>
      )}
      <button type="submit" className="kit-button" disabled={disabled}>
        {mode === 'edit' ? 'Actualizar' : 'Guardar'}
      </button>
    </div>
  )
}
