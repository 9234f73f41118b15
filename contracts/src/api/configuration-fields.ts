import { z } from 'zod'
import { INVALID_DATE, INVALID_PORT, maxLengthMessage, REQUIRED } from '../messages.ts'
import {
  email,
  idSchema,
  maxDonationAmountSchema,
  optionalUrlSchema,
  requiredNumber,
  requiredString,
  requiredText,
  normalizeRfc,
  rfcMessages,
  rfcProblem,
} from '../rules.ts'
import {
  DONATARIA_AUTHORIZATION_NUMBER_MAX,
  CONTACT_ADDRESS_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_PHONE_MAX,
  SITE_NAME_MAX,
  THANK_YOU_MESSAGE_MAX,
} from '../limits.ts'
import { providerNames } from '../entities/configuration.ts'
import type { ProviderName } from '../entities/configuration.ts'

/** Form sections shared by the setup wizard (POST /init) and the configuration screen. */

export const settingsInputSchema = z.object(
  {
    name: requiredText(SITE_NAME_MAX),
    logo: idSchema,
    gratitudeMessage: requiredText(THANK_YOU_MESSAGE_MAX),
  },
  { error: REQUIRED },
)

/** Home: the mission text is limited to 500 in the configuration screen and 700 in the wizard. */
export function homeInputSchema(missionMax: number) {
  return z.object(
    {
      showCounters: z.boolean({ error: REQUIRED }),
      content: requiredText(missionMax),
      image: idSchema,
    },
    { error: REQUIRED },
  )
}

export const contactInputSchema = z.object(
  {
    email: email(CONTACT_EMAIL_MAX),
    phone: requiredText(CONTACT_PHONE_MAX),
    address: requiredText(CONTACT_ADDRESS_MAX),
  },
  { error: REQUIRED },
)

export const portSchema = requiredNumber.int(INVALID_PORT).min(1, INVALID_PORT).max(65535, INVALID_PORT)

/** Mail sending settings with the SMTP password (wizard). */
export const mailerInputSchema = z.object(
  {
    auth: z.object({ user: requiredString, pass: requiredString }, { error: REQUIRED }),
    host: requiredString,
    port: portSchema,
  },
  { error: REQUIRED },
)

/** Mail settings in the configuration screen: a blank or absent password keeps the stored one. */
export const mailerUpdateSchema = mailerInputSchema.extend({
  auth: z.object({ user: requiredString, pass: z.string().trim().optional() }, { error: REQUIRED }),
})

/** Donation settings (configuration screen): the maximum amount per donation. */
export const donationSettingsInputSchema = z.object({ maxAmount: maxDonationAmountSchema }, { error: REQUIRED })

/** The charity's RFC as the administrator types it: blank, or a valid RFC (12 or 13 characters) normalised. */
const donatariaRfcSchema = z
  .string({ error: REQUIRED })
  .transform(normalizeRfc)
  .superRefine((rfc, context) => {
    const problem = rfc === '' ? undefined : rfcProblem(rfc)
    if (problem) context.addIssue({ code: 'custom', message: rfcMessages[problem] })
  })

const isoDate = z.iso.date()

/**
 * 'Donataria autorizada' (configuration screen): with the switch on, the RFC, the authorisation number
 * and its date in the DOF are required; off, they may stay blank, and what is typed is checked all the same.
 */
export const donatariaInputSchema = z
  .object(
    {
      enabled: z.boolean({ error: REQUIRED }),
      rfc: donatariaRfcSchema.default(''),
      authorizationNumber: z
        .string({ error: REQUIRED })
        .trim()
        .max(DONATARIA_AUTHORIZATION_NUMBER_MAX, maxLengthMessage(DONATARIA_AUTHORIZATION_NUMBER_MAX))
        .default(''),
      authorizationDate: z
        .string({ error: REQUIRED })
        .trim()
        .refine((date) => date === '' || isoDate.safeParse(date).success, INVALID_DATE)
        .default(''),
    },
    { error: REQUIRED },
  )
  .refine((value) => value.rfc !== '', { path: ['rfc'], error: REQUIRED, when: (payload) => donatariaEnabled(payload.value) && blank(payload.value, 'rfc') })
  .refine((value) => value.authorizationNumber !== '', {
    path: ['authorizationNumber'],
    error: REQUIRED,
    when: (payload) => donatariaEnabled(payload.value) && blank(payload.value, 'authorizationNumber'),
  })
  .refine((value) => value.authorizationDate !== '', {
    path: ['authorizationDate'],
    error: REQUIRED,
    when: (payload) => donatariaEnabled(payload.value) && blank(payload.value, 'authorizationDate'),
  })

function donatariaEnabled(value: unknown): boolean {
  return isRecord(value) && value.enabled === true
}

/** Absent, or only spaces: what a required field refuses. */
function blank(value: unknown, field: string): boolean {
  if (!isRecord(value)) return false
  const typed = value[field]
  return typed === undefined || (typeof typed === 'string' && typed.trim() === '')
}

export const urlsInputSchema = z
  .object({
    facebook: optionalUrlSchema,
    twitter: optionalUrlSchema,
    instagram: optionalUrlSchema,
  })
  .default({})

/** Provider switches; a skipped wizard step leaves its provider off. */
export const providersInputSchema = z
  .object({
    google: z.boolean().default(false),
    facebook: z.boolean().default(false),
    twitter: z.boolean().default(false),
    conekta: z.boolean().default(false),
    paypal: z.boolean().default(false),
  })
  .default({ google: false, facebook: false, twitter: false, conekta: false, paypal: false })

/** A key pair as typed; both may be blank while the provider is off. */
export const providerKeyInputSchema = z.object({
  client: z.string().trim().optional(),
  secret: z.string().trim().optional(),
})

export const keysInputSchema = z
  .object({
    conekta: providerKeyInputSchema.optional(),
    paypal: providerKeyInputSchema.optional(),
    facebook: providerKeyInputSchema.optional(),
    google: providerKeyInputSchema.optional(),
    twitter: providerKeyInputSchema.optional(),
  })
  .default({})
export type KeysInput = z.infer<typeof keysInputSchema>

export const legalPagesInputSchema = z.object(
  {
    terms: requiredString,
    notice: requiredString,
  },
  { error: REQUIRED },
)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function providerEnabled(value: unknown, provider: ProviderName): boolean {
  return isRecord(value) && isRecord(value.providers) && value.providers[provider] === true
}

function keyField(value: unknown, provider: ProviderName, field: 'client' | 'secret'): unknown {
  if (!isRecord(value) || !isRecord(value.keys)) return undefined
  const pair = value.keys[provider]
  return isRecord(pair) ? pair[field] : undefined
}

/**
 * 'Campo requerido' on keys.<provider>.client (and .secret when `secretRequired`) for every
 * enabled provider. In the configuration screen a blank secret keeps the stored one, so the
 * server checks there that an enabled provider has a secret stored or sent.
 */
export function requireEnabledProviderKeys<T extends z.ZodType>(schema: T, { secretRequired }: { secretRequired: boolean }): T {
  const fields = secretRequired ? (['client', 'secret'] as const) : (['client'] as const)
  let result = schema
  for (const provider of providerNames) {
    for (const field of fields) {
      result = result.refine(
        (value: unknown) => {
          const typed = keyField(value, provider, field)
          return typeof typed === 'string' && typed.trim() !== ''
        },
        {
          error: REQUIRED,
          path: ['keys', provider, field],
          when: (payload) => providerEnabled(payload.value, provider),
        },
      )
    }
  }
  return result
}
