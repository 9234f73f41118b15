import { useFormContext } from 'react-hook-form'
import { WIZARD_MISSION_MAX } from '@donaciones/contracts'
import { ImageUploadField } from '../fields/ImageUploadField.tsx'
import { TextField } from '../fields/TextField.tsx'
import type { WizardValues } from '../../lib/wizard-form.ts'
import type { PreviewProps } from '../../lib/preview-props.ts'

/** Step 4: the mission shown on the home page, its side image and whether the counters show. */
export function MissionStep({ previews, onPreview }: PreviewProps) {
  const { register } = useFormContext<WizardValues>()
  return (
    <>
      <ImageUploadField name="home.image" label="Imagen lateral" preview={previews['home.image']} onPreview={(path) => onPreview('home.image', path)} />
      <TextField name="home.content" label="Texto de la misión" max={WIZARD_MISSION_MAX} multiline />
      <label className="setup-check">
        <input type="checkbox" {...register('home.showCounters')} />
        <span>Mostrar en la página de inicio los contadores de donaciones, donadores y visitas</span>
      </label>
    </>
  )
}
