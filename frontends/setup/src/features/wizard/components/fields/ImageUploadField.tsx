import { useRef, useState, type ChangeEvent } from 'react'
import { useFormContext } from 'react-hook-form'
import { imageFileProblem, uploadImage } from '@donaciones/web-kit'
import { Field } from '@donaciones/web-kit/forms'
import type { WizardField, WizardValues } from '../../wizard-form.ts'
import { fieldError } from './TextField.tsx'

interface ImageUploadFieldProps {
  name: WizardField
  label: string
  /** Path of the image already uploaded for this field (kept by the wizard across steps). */
  preview: string | undefined
  onPreview: (path: string) => void
}

const HINT = 'Imagen JPG, PNG, GIF o WEBP de hasta 5 MB.'
const UPLOAD_FAILED = 'No se pudo subir la imagen. Intente de nuevo.'

/** Picks an image, checks it (images only, 5 MB), uploads it and keeps its file id in the form. */
export function ImageUploadField({ name, label, preview, onPreview }: ImageUploadFieldProps) {
  const { setValue, formState } = useFormContext<WizardValues>()
  const [status, setStatus] = useState<'idle' | 'uploading'>('idle')
  const [problem, setProblem] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    const fileProblem = imageFileProblem(file)
    setProblem(fileProblem)
    if (fileProblem) return
    setStatus('uploading')
    try {
      const { _id, path } = await uploadImage(file)
      setValue(name, _id, { shouldValidate: true, shouldDirty: true })
      onPreview(path)
    } catch {
      setProblem(UPLOAD_FAILED)
    } finally {
      setStatus('idle')
    }
  }

  return (
    <Field label={label} error={problem ?? fieldError(formState.errors, name)} hint={HINT}>
      {(control) => (
        <div className="setup-upload">
          {/* The native control's text follows the browser's language: a Spanish button opens it. */}
          <input ref={inputRef} type="file" accept="image/*" className="kit-visually-hidden" tabIndex={-1} {...control} onChange={(event) => void choose(event)} />
          <button
            type="button"
            className="kit-button kit-button--secondary setup-upload__button"
            onClick={() => inputRef.current?.click()}
            disabled={status === 'uploading'}
            aria-label={`${preview ? 'Cambiar' : 'Elegir'} imagen: ${label}`}
            {...(control['aria-describedby'] && { 'aria-describedby': control['aria-describedby'] })}
          >
            {preview ? 'Cambiar imagen' : 'Elegir imagen'}
          </button>
          {status === 'uploading' && <p role="status" className="setup-upload__status">Subiendo imagen...</p>}
          {preview && status === 'idle' && (
            <figure className="setup-upload__preview">
              <img src={preview} alt={`Vista previa: ${label}`} />
              <figcaption>Imagen cargada. Puede elegir otra para reemplazarla.</figcaption>
            </figure>
          )}
        </div>
      )}
    </Field>
  )
}
