import { RichTextField } from '@donaciones/web-kit/rich-text'
import type { WizardValues } from '../../lib/wizard-form.ts'

const TEXTS = {
  terms: { label: 'Contenido de los términos y condiciones', intro: 'Este texto se publica en la página de términos y condiciones del sitio.' },
  notice: { label: 'Contenido del aviso de privacidad', intro: 'Este texto se publica en la página del aviso de privacidad del sitio.' },
} as const

/** Steps 5 and 6: the content of the legal pages. */
export function LegalPageStep({ page }: { page: 'terms' | 'notice' }) {
  const text = TEXTS[page]
  return (
    <>
      <p>{text.intro}</p>
      <RichTextField<WizardValues> key={page} name={`pages.${page}`} label={text.label} />
    </>
  )
}
