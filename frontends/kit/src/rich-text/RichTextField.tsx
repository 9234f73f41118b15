import { useId } from 'react'
import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form'
import { RichTextEditor } from './RichTextEditor.tsx'

export interface RichTextFieldProps<Values extends FieldValues> {
  name: Path<Values>
  label: string
  height?: number
}

/** The rich-text editor bound to a field of the surrounding form; its label names the editing area. */
export function RichTextField<Values extends FieldValues>({ name, label, height = 320 }: RichTextFieldProps<Values>) {
  const { control } = useFormContext<Values>()
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
