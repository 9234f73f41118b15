import { WIZARD_USER_NAME_MAX } from '@donaciones/contracts'
import { ImageUploadField } from '../fields/ImageUploadField.tsx'
import { TextField } from '../fields/TextField.tsx'
import type { PreviewProps } from '../../lib/preview-props.ts'

const PASSWORD_HINT = 'Mínimo 8 caracteres, con minúsculas y al menos dos de: mayúsculas, números o símbolos.'

/** Step 7: the main administrator, who is signed in when the setup ends. */
export function AdminStep({ previews, onPreview }: PreviewProps) {
  return (
    <>
      <TextField name="user.name" label="Nombre" max={WIZARD_USER_NAME_MAX} autoComplete="given-name" />
      <TextField name="user.lastName" label="Apellidos" max={WIZARD_USER_NAME_MAX} autoComplete="family-name" />
      <TextField name="user.email" label="Correo electrónico" type="email" autoComplete="email" />
      <TextField name="user.password" label="Contraseña" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <TextField name="user.confirmation" label="Confirmar contraseña" type="password" autoComplete="new-password" />
      <ImageUploadField
        name="user.thumbnail"
        label="Foto de perfil (opcional)"
        preview={previews['user.thumbnail']}
        onPreview={(path) => onPreview('user.thumbnail', path)}
      />
    </>
  )
}
