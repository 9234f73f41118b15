import type { ChangeEvent, ReactNode } from 'react'
import { useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form'
import type { ConfigurationInput } from '@donaciones/contracts'
import { CharacterCount, Field, ImageUploadField } from '@donaciones/web-kit/forms'
import { errorAt, type ConfigurationFormValues } from '../lib/configuration-form.ts'

export type ConfigurationForm = UseFormReturn<ConfigurationFormValues, unknown, ConfigurationInput>
type Name = FieldPath<ConfigurationFormValues>

interface TextFieldProps {
  form: ConfigurationForm
  name: Name
  label: string
  max?: number
  type?: 'text' | 'email' | 'tel' | 'url' | 'number' | 'date'
  multiline?: boolean
  hint?: ReactNode
  autoComplete?: string
  /** Number inputs: the step the browser allows ('0.01' for pesos and centavos). */
  step?: string
}

function Count({ form, name, max }: { form: ConfigurationForm; name: Name; max: number }) {
  const value: unknown = useWatch({ control: form.control, name })
  return <CharacterCount value={typeof value === 'string' ? value : ''} max={max} />
}

/** A labelled text input (or textarea) with its contract message and, with `max`, its character count. */
export function TextField({ form, name, label, max, type = 'text', multiline = false, hint, autoComplete, step }: TextFieldProps) {
  const error = errorAt(form.formState.errors, name)
  const registered = form.register(name, type === 'number' ? { valueAsNumber: true } : {})
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <>
          {multiline ? (
            <textarea className="kit-input" rows={5} {...control} {...registered} />
          ) : (
            <input className="kit-input" type={type} {...(autoComplete && { autoComplete })} {...(step && { step })} {...control} {...registered} />
          )}
          {max !== undefined && <Count form={form} name={name} max={max} />}
        </>
      )}
    </Field>
  )
}

interface SecretFieldProps {
  form: ConfigurationForm
  name: Name
  label: string
  /** A secret is stored on the server (its value is never sent to the browser). */
  stored: boolean
}

/** A secret is typed, never shown back: 'Guardada' when one is stored; blank keeps it. */
export function SecretField({ form, name, label, stored }: SecretFieldProps) {
  const error = errorAt(form.formState.errors, name)
  const hint = stored ? (
    <>
      <span className="config-badge">Guardada</span> Déjelo en blanco para conservar el valor guardado o escriba uno nuevo para reemplazarlo.
    </>
  ) : (
    'Sin valor guardado.'
  )
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <input
          className="kit-input"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          placeholder={stored ? '•••••• (guardada)' : ''}
          {...control}
          {...form.register(name)}
        />
      )}
    </Field>
  )
}

/** An on/off switch (a checkbox with role switch); `deps` are checked again when it changes. */
export function SwitchField({ form, name, label, deps }: { form: ConfigurationForm; name: Name; label: string; deps?: Name[] }) {
  const registration = form.register(name)
  // The fields it governs are checked as soon as it moves (what they require depends on it), whatever the form's validation mode.
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    await registration.onChange(event)
    if (deps) await form.trigger(deps)
  }
  return (
    <label className="config-switch">
      <input type="checkbox" role="switch" className="config-switch__input" {...registration} onChange={(event) => void onChange(event)} />
      <span className="config-switch__track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  )
}

interface ImageFieldProps {
  form: ConfigurationForm
  name: 'settings.logo' | 'home.image'
  label: string
  preview: string | null
  onPreview: (path: string) => void
}

/** The kit's image upload, keeping the file id in the configuration form. */
export function ImageField({ form, name, label, preview, onPreview }: ImageFieldProps) {
  return (
    <ImageUploadField
      label={label}
      error={errorAt(form.formState.errors, name)}
      preview={preview}
      onUploaded={({ _id, path }) => {
        form.setValue(name, _id, { shouldDirty: true, shouldValidate: true, shouldTouch: true })
        onPreview(path)
      }}
    />
  )
}
