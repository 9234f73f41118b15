import { useId, type ReactNode } from 'react'

export interface FieldControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby'?: string
}

export interface FieldProps {
  label: string
  error?: string | undefined
  hint?: ReactNode
  /** Receives the id and aria attributes that tie the control to its label and message. */
  children: (control: FieldControlProps) => ReactNode
  className?: string
}

/** A labelled form control with its Spanish error message under it. */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId()
  const messageId = `${id}-mensaje`
  const hintId = `${id}-ayuda`
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ')
  return (
    <div className={`kit-field ${className ?? ''}`}>
      <label className="kit-field__label" htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), ...(describedBy && { 'aria-describedby': describedBy }) })}
      {hint && <div id={hintId} className="kit-field__hint">{hint}</div>}
      {error && <div id={messageId} className="kit-field__error" role="alert">{error}</div>}
    </div>
  )
}

/** '12/40' under inputs with a limit. */
export function CharacterCount({ value, max }: { value: string | undefined; max: number }) {
  return <span className="kit-field__count">{(value ?? '').length}/{max}</span>
}
