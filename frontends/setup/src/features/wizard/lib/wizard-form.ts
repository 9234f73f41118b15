import type { FieldPath } from 'react-hook-form'
import type { ProviderName, SetupRequestInput } from '@donaciones/contracts'

/** The wizard's form values: exactly the POST /api/init payload (setupRequestSchema's input). */
export type WizardValues = SetupRequestInput
export type WizardField = FieldPath<WizardValues>

/** Providers of steps 9 to 13, in step order. */
export const PROVIDER_STEPS = ['conekta', 'paypal', 'facebook', 'google', 'twitter'] as const satisfies readonly ProviderName[]
export type WizardProvider = (typeof PROVIDER_STEPS)[number]

const noKeys = () => ({ client: '', secret: '' })

export const wizardDefaults: WizardValues = {
  productKey: '',
  settings: { name: '', logo: '', gratitudeMessage: '' },
  home: { showCounters: true, content: '', image: '' },
  contact: { email: '', phone: '', address: '' },
  // The port stays empty until typed (NaN reads as 'Campo requerido').
  mailer: { auth: { user: '', pass: '' }, host: '', port: Number.NaN },
  pages: { terms: '', notice: '' },
  providers: { conekta: false, paypal: false, facebook: false, google: false, twitter: false },
  keys: { conekta: noKeys(), paypal: noKeys(), facebook: noKeys(), google: noKeys(), twitter: noKeys() },
  user: { name: '', lastName: '', email: '', password: '', confirmation: '' },
  category: { title: '', description: '' },
  institution: { name: '', description: '' },
}

/** The payload of POST /api/init; the optional institution is left out when skipped. */
export function toPayload(values: WizardValues, withInstitution: boolean): SetupRequestInput {
  const { institution, user, ...rest } = values
  const { thumbnail, ...person } = user
  return {
    ...rest,
    user: { ...person, ...(thumbnail ? { thumbnail } : {}) },
    ...(withInstitution && institution ? { institution } : {}),
  }
}

/** Step 15 counts as skipped while both of its fields are blank. */
export function institutionIsBlank(values: WizardValues): boolean {
  return !values.institution?.name?.trim() && !values.institution?.description?.trim()
}
