import { useRef, type ReactNode } from 'react'
import { Field } from '@donaciones/web-kit'
import { useImageUpload, type UploadedImage } from './use-image-upload.ts'

export const IMAGE_HINT = 'Imagen JPG, PNG, GIF o WEBP de hasta 5 MB.'

export interface ImageUploadFieldProps {
  label: string
  /** The form's message for the field that keeps the file id. */
  error?: string | undefined
  /** Public path of the image chosen so far, if any. */
  preview: string | null | undefined
  onUploaded: (image: UploadedImage) => void | Promise<void>
  /**
   * What the button calls the image ('imagen de portada': "Elegir imagen de portada"). Without
   * it the button reads "Elegir imagen" and its accessible name adds the label.
   */
  imageName?: string
  /** Text alternative of the preview (default "Vista previa: <label>"). */
  previewAlt?: string
  /** 'cover' crops the preview to a banner, as the image is shown on cards. */
  previewFit?: 'contain' | 'cover'
  /** Shown before the button instead of the preview under it (the profile's round picture, say). */
  previewElement?: ReactNode
  /** Told when an upload starts and ends, for a form that must not be sent meanwhile. */
  onUploadingChange?: (uploading: boolean) => void
  className?: string
}

/** Picks an image with a Spanish button (the native control speaks the browser's language), checks it, uploads it and shows a preview. */
export function ImageUploadField(props: ImageUploadFieldProps) {
  const { label, error, preview, onUploaded, imageName, previewAlt, previewFit = 'contain', previewElement, onUploadingChange, className } = props
  const { uploading, problem, choose } = useImageUpload(onUploaded, onUploadingChange)
  const inputRef = useRef<HTMLInputElement>(null)
  const verb = preview ? 'Cambiar' : 'Elegir'

  return (
    <Field label={label} error={problem ?? error} hint={IMAGE_HINT} {...(className ? { className } : {})}>
      {(control) => (
        <div className={previewElement ? 'kit-upload kit-upload--beside' : 'kit-upload'}>
          {previewElement}
          <input ref={inputRef} type="file" accept="image/*" className="kit-visually-hidden" tabIndex={-1} {...control} onChange={choose} />
          <button
            type="button"
            className="kit-button kit-button--secondary kit-upload__button"
            onClick={() => inputRef.current?.click()}
            disabled={uploading}
            {...(imageName ? {} : { 'aria-label': `${verb} imagen: ${label}` })}
            {...(control['aria-describedby'] && { 'aria-describedby': control['aria-describedby'] })}
          >
            {`${verb} ${imageName ?? 'imagen'}`}
          </button>
          {uploading && <p role="status" className="kit-upload__status">Subiendo imagen...</p>}
          {preview && !uploading && !previewElement && (
            <figure className={`kit-upload__preview kit-upload__preview--${previewFit}`}>
              <img src={preview} alt={previewAlt ?? `Vista previa: ${label}`} />
              <figcaption>Imagen cargada. Puede elegir otra para reemplazarla.</figcaption>
            </figure>
          )}
        </div>
      )}
    </Field>
  )
}
