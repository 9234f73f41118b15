import type { z } from 'zod'
import {
  configurationInputSchema,
  providerNames,
  REQUIRED,
  type ConfigurationAdminView,
  type ConfigurationInput,
  type ProviderName,
} from '@donaciones/contracts'
import type { FieldErrors } from 'react-hook-form'

export type ConfigurationFormValues = z.input<typeof configurationInputSchema>

export type SectionId = 'general' | 'home' | 'donations' | 'donataria' | 'contact' | 'mailer' | 'urls' | 'social' | 'paypal' | 'conekta'

export const SECTIONS: readonly { id: SectionId; title: string }[] = [
  { id: 'general', title: 'General' },
  { id: 'home', title: 'Inicio' },
  { id: 'donations', title: 'Donaciones' },
  { id: 'donataria', title: 'Donataria autorizada' },
  { id: 'contact', title: 'Contacto' },
  { id: 'mailer', title: 'Correo' },
  { id: 'urls', title: 'Redes sociales' },
  { id: 'social', title: 'Llaves de autorización' },
  { id: 'paypal', title: 'Llaves de PayPal' },
  { id: 'conekta', title: 'Llaves de Conekta' },
]

/** The screen's schema: the contract's, plus 'Campo requerido' on the secret of a provider switched on without one stored. */
export function configurationFormSchema(view: ConfigurationAdminView) {
  return configurationInputSchema.superRefine((value, context) => {
    for (const provider of providerNames) {
      const typed = value.keys[provider]?.secret?.trim()
      if (value.providers[provider] && !view.keys[provider].hasSecret && !typed) {
        context.addIssue({ code: 'custom', message: REQUIRED, path: ['keys', provider, 'secret'] })
      }
    }
  })
}

/** Form values of a stored configuration: secrets always start blank (never sent back by the server). */
export function formValuesOf(view: ConfigurationAdminView): ConfigurationFormValues {
  const keys = Object.fromEntries(providerNames.map((provider) => [provider, { client: view.keys[provider].client, secret: '' }])) as Record<
    ProviderName,
    { client: string; secret: string }
  >
  return {
    settings: { name: view.settings.name, logo: view.settings.logo?._id ?? '', gratitudeMessage: view.settings.gratitudeMessage },
    home: { showCounters: view.home.showCounters, content: view.home.content, image: view.home.image?._id ?? '' },
    contact: { ...view.contact },
    mailer: { auth: { user: view.mailer.auth.user, pass: '' }, host: view.mailer.host, port: view.mailer.port },
    urls: { ...view.urls },
    providers: { ...view.providers },
    keys,
    donations: { maxAmount: view.donations.maxAmount },
    donataria: { ...view.donataria },
  }
}

/** The PUT payload: a secret (or the mail password) goes only when the administrator typed a new one. */
export function payloadOf(values: ConfigurationInput): ConfigurationInput {
  const keys: ConfigurationInput['keys'] = {}
  for (const provider of providerNames) {
    const pair = values.keys[provider]
    const secret = pair?.secret?.trim()
    keys[provider] = { client: pair?.client?.trim() ?? '', ...(secret ? { secret } : {}) }
  }
  const pass = values.mailer.auth.pass?.trim()
  return {
    ...values,
    mailer: { ...values.mailer, auth: { user: values.mailer.auth.user, ...(pass ? { pass } : {}) } },
    keys,
  }
}

/** The section that holds a field ('keys.conekta.secret' → 'conekta'). */
export function sectionOf(path: string): SectionId | null {
  const [group, name] = path.split('.')
  switch (group) {
    case 'settings':
      return 'general'
    case 'home':
      return 'home'
    case 'donations':
      return 'donations'
    case 'donataria':
      return 'donataria'
    case 'contact':
      return 'contact'
    case 'mailer':
      return 'mailer'
    case 'urls':
      return 'urls'
    case 'keys':
    case 'providers':
      return name === 'paypal' ? 'paypal' : name === 'conekta' ? 'conekta' : 'social'
    default:
      return null
  }
}

/** The message of a (possibly nested) field in react-hook-form's errors. */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  if (typeof node !== 'object' || node === null) return undefined
  const message = (node as { message?: unknown }).message
  return typeof message === 'string' ? message : undefined
}

/** Dotted paths of every field with an error. */
export function errorPaths(errors: unknown, prefix = ''): string[] {
  if (typeof errors !== 'object' || errors === null) return []
  if (typeof (errors as { message?: unknown }).message === 'string' && prefix) return [prefix]
  return Object.entries(errors).flatMap(([key, value]) => (key === 'ref' ? [] : errorPaths(value, prefix ? `${prefix}.${key}` : key)))
}
