import { ImageUploadField } from '../fields/ImageUploadField.tsx'
import type { PreviewProps } from '../../lib/preview-props.ts'

/** Step 3: the logo shown in the navigation bar. */
export function LogoStep({ previews, onPreview }: PreviewProps) {
  return (
    <>
      <p>El logotipo aparece en la barra de navegación del sitio.</p>
      <ImageUploadField name="settings.logo" label="Logotipo" preview={previews['settings.logo']} onPreview={(path) => onPreview('settings.logo', path)} />
    </>
  )
}
