import type { HTMLInputTypeAttribute, ReactNode } from 'react'
import { get, useFormContext } from 'react-hook-form'
import { CharacterCount, Field } from '@donaciones/web-kit/forms'
import type { WizardField, WizardValues } from '../../lib/wizard-form.ts'

interface TextFieldProps {
  name: WizardField
  label: string
  max?: number
  type?: HTMLInputTypeAttribute
  autoComplete?: string
  multiline?: boolean
  hint?: ReactNode
}

/** A labelled text input (or textarea) bound to the wizard form, with its limit counter. */
export function TextField({ name, label, max, type = 'text', autoComplete, multiline = false, hint }: TextFieldProps) {
  const { register, watch, formState } = useFormContext<WizardValues>()
  const error = fieldError(formState.errors, name)
  const value = watch(name)
  const counter = max !== undefined ? <CharacterCount value={typeof value === 'string' ? value : ''} max={max} /> : null
  const registration = register(name, type === 'number' ? { valueAsNumber: true } : {})
  return (
    <Field label={label} error={error} hint={hint || counter ? <>{hint}{hint && counter ? ' ' : null}{counter}</> : undefined}>
      {(control) =>
        multiline ? (
          <textarea className="kit-input" rows={5} maxLength={max} {...control} {...registration} />
        ) : (
          <input className="kit-input" type={type} maxLength={max} autoComplete={autoComplete} {...control} {...registration} />
        )
      }
    </Field>
  )
}

/** The message of a nested field's error ('user.password'), if any. */
export function fieldError(errors: object, name: string): string | undefined {
  const error: unknown = get(errors, name)
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message
  return undefined
}
