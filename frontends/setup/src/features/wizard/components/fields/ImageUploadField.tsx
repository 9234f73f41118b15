import { useFormContext } from 'react-hook-form'
import { ImageUploadField as KitImageUploadField } from '@donaciones/web-kit/forms'
import type { WizardField, WizardValues } from '../../lib/wizard-form.ts'
import { fieldError } from './TextField.tsx'

interface ImageUploadFieldProps {
  name: WizardField
  label: string
  /** Path of the image already uploaded for this field (kept by the wizard across steps). */
  preview: string | undefined
  onPreview: (path: string) => void
}

/** The kit's image upload, keeping the file id in the wizard's form. */
export function ImageUploadField({ name, label, preview, onPreview }: ImageUploadFieldProps) {
  const { setValue, formState } = useFormContext<WizardValues>()
  return (
    <KitImageUploadField
      label={label}
      error={fieldError(formState.errors, name)}
      preview={preview}
      onUploaded={({ _id, path }) => {
        setValue(name, _id, { shouldValidate: true, shouldDirty: true })
        onPreview(path)
      }}
    />
  )
}
