import { useId } from 'react'
import { Controller, useFormContext } from 'react-hook-form'
import { RichTextEditor } from '@donaciones/web-kit/rich-text'
import type { WizardField, WizardValues } from '../../lib/wizard-form.ts'

interface RichTextFieldProps {
  name: WizardField
  label: string
  height?: number
}

/** The kit's rich-text editor bound to a wizard field; its label names the editing area. */
export function RichTextField({ name, label, height = 320 }: RichTextFieldProps) {
  const { control } = useFormContext<WizardValues>()
  const id = useId()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="kit-field">
          <span id={`${id}-etiqueta`} className="kit-field__label">{label}</span>
          <RichTextEditor
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            aria-labelledby={`${id}-etiqueta`}
            aria-invalid={Boolean(fieldState.error)}
            {...(fieldState.error && { 'aria-describedby': `${id}-mensaje` })}
            height={height}
            images
          />
          {fieldState.error && <div id={`${id}-mensaje`} className="kit-field__error" role="alert">{fieldState.error.message}</div>}
        </div>
      )}
    />
  )
}
