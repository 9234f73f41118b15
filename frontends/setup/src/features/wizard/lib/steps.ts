import type { WizardField, WizardProvider } from './wizard-form.ts'

export type StepKind =
  | { kind: 'terms' }
  | { kind: 'product-key' }
  | { kind: 'institution' }
  | { kind: 'logo' }
  | { kind: 'mission' }
  | { kind: 'legal-page'; page: 'terms' | 'notice' }
  | { kind: 'admin' }
  | { kind: 'mail' }
  | { kind: 'provider'; provider: WizardProvider }
  | { kind: 'category' }
  | { kind: 'optional-institution' }

export type WizardStep = StepKind & {
  title: string
  /** The fields this step validates before moving on. */
  fields: readonly WizardField[]
}

const keyFields = (provider: WizardProvider): WizardField[] => [`keys.${provider}.client`, `keys.${provider}.secret`, `providers.${provider}`]

/** Spec §2.4: the 16 steps, numbered 0 to 15. */
export const WIZARD_STEPS: readonly WizardStep[] = [
  { kind: 'terms', title: 'Términos y condiciones de uso', fields: [] },
  { kind: 'product-key', title: 'Clave del producto', fields: ['productKey'] },
  {
    kind: 'institution',
    title: 'Datos de la institución',
    fields: ['settings.name', 'contact.address', 'contact.phone', 'contact.email', 'settings.gratitudeMessage'],
  },
  { kind: 'logo', title: 'Logotipo', fields: ['settings.logo'] },
  { kind: 'mission', title: 'Misión', fields: ['home.image', 'home.content', 'home.showCounters'] },
  { kind: 'legal-page', page: 'terms', title: 'Términos y condiciones del sitio', fields: ['pages.terms'] },
  { kind: 'legal-page', page: 'notice', title: 'Aviso de privacidad', fields: ['pages.notice'] },
  {
    kind: 'admin',
    title: 'Administrador principal',
    fields: ['user.name', 'user.lastName', 'user.email', 'user.password', 'user.confirmation', 'user.thumbnail'],
  },
  { kind: 'mail', title: 'Envío de correos', fields: ['mailer.auth.user', 'mailer.auth.pass', 'mailer.host', 'mailer.port'] },
  { kind: 'provider', provider: 'conekta', title: 'Pagos con tarjeta (Conekta)', fields: keyFields('conekta') },
  { kind: 'provider', provider: 'paypal', title: 'Pagos con PayPal', fields: keyFields('paypal') },
  { kind: 'provider', provider: 'facebook', title: 'Inicio de sesión con Facebook', fields: keyFields('facebook') },
  { kind: 'provider', provider: 'google', title: 'Inicio de sesión con Google', fields: keyFields('google') },
  { kind: 'provider', provider: 'twitter', title: 'Inicio de sesión con Twitter', fields: keyFields('twitter') },
  { kind: 'category', title: 'Primera categoría', fields: ['category.title', 'category.description'] },
  { kind: 'optional-institution', title: 'Institución aliada (opcional)', fields: ['institution.name', 'institution.description'] },
]

export const LAST_STEP = WIZARD_STEPS.length - 1

