import { z } from 'zod'
import { idSchema } from '../rules.ts'
import { DEFAULT_MAX_DONATION_AMOUNT } from '../limits.ts'
import { fileRefSchema, timestampsShape } from './common.ts'
import { providerNames, socialProviderNames } from './provider-names.ts'

export { providerNames, socialProviderNames }
export const providerNameSchema = z.enum(providerNames)
export type ProviderName = z.infer<typeof providerNameSchema>

export const socialProviderSchema = z.enum(socialProviderNames)
export type SocialProvider = z.infer<typeof socialProviderSchema>

export const providersSchema = z.object({
  google: z.boolean(),
  facebook: z.boolean(),
  twitter: z.boolean(),
  conekta: z.boolean(),
  paypal: z.boolean(),
})
export type Providers = z.infer<typeof providersSchema>

/** Public keys the browser needs (Conekta public key, PayPal client id, Google client id); null when off. */
export const clientsSchema = z.object({
  conekta: z.string().nullable(),
  paypal: z.string().nullable(),
  google: z.string().nullable(),
})
export type Clients = z.infer<typeof clientsSchema>

export const settingsSchema = z.object({
  name: z.string(),
  logo: fileRefSchema.nullable(),
  gratitudeMessage: z.string(),
})

export const homeSchema = z.object({
  showCounters: z.boolean(),
  /** Mission text. */
  content: z.string(),
  image: fileRefSchema.nullable(),
})

export const contactSchema = z.object({
  email: z.string(),
  phone: z.string(),
  address: z.string(),
})

/** Social links; '' when not set. */
export const urlsSchema = z.object({
  facebook: z.string(),
  twitter: z.string(),
  instagram: z.string(),
})

/** Legal texts entered in the wizard (steps 5 and 6). */
export const legalPagesSchema = z.object({
  terms: z.string(),
  notice: z.string(),
})

/** Donation settings: the maximum amount per donation (MXN; a configuration saved before it existed has the default). */
export const donationSettingsSchema = z.object({ maxAmount: z.number() })
export type DonationSettings = z.infer<typeof donationSettingsSchema>
export const defaultDonationSettings: DonationSettings = { maxAmount: DEFAULT_MAX_DONATION_AMOUNT }

/**
 * 'Donataria autorizada': whether the charity is authorised by SAT to receive deductible donations,
 * its RFC, and the authorisation's number and date as published in the DOF ('' while not set). A
 * configuration saved before it existed is off.
 */
export const donatariaSchema = z.object({
  enabled: z.boolean(),
  rfc: z.string(),
  authorizationNumber: z.string(),
  /** YYYY-MM-DD. */
  authorizationDate: z.string(),
})
export type Donataria = z.infer<typeof donatariaSchema>
export const defaultDonataria: Donataria = { enabled: false, rfc: '', authorizationNumber: '', authorizationDate: '' }

/** What the donation forms need to know of the receipts: whether a deductible one may be asked for. */
export const receiptsSettingsSchema = z.object({ deductible: z.boolean() })
export type ReceiptsSettings = z.infer<typeof receiptsSettingsSchema>

/** Server-side only: a provider key pair. The secret never leaves the server. */
export const providerKeySchema = z.object({ client: z.string(), secret: z.string() })
export type ProviderKey = z.infer<typeof providerKeySchema>

export const providerKeysSchema = z.object({
  conekta: providerKeySchema,
  paypal: providerKeySchema,
  facebook: providerKeySchema,
  google: providerKeySchema,
  twitter: providerKeySchema,
})

export const mailerSchema = z.object({
  auth: z.object({ user: z.string(), pass: z.string() }),
  host: z.string(),
  port: z.number().int(),
})

const publicShape = {
  settings: settingsSchema,
  home: homeSchema,
  contact: contactSchema,
  urls: urlsSchema,
  providers: providersSchema,
  clients: clientsSchema,
  pages: legalPagesSchema,
  donations: donationSettingsSchema,
}

/**
 * The full stored configuration (spec §3), secrets included. SERVER-SIDE ONLY (content service);
 * never send it to a browser: use `configurationAdminViewSchema` or `publicConfigurationSchema`.
 */
export const configurationSchema = z.object({
  _id: idSchema,
  configured: z.boolean(),
  ...publicShape,
  donataria: donatariaSchema,
  mailer: mailerSchema,
  keys: providerKeysSchema,
  productKey: z.string(),
  ...timestampsShape,
})
export type Configuration = z.infer<typeof configurationSchema>

/** A key pair as the admin screen sees it: the client id and whether a secret is stored. */
export const providerKeyViewSchema = z.object({ client: z.string(), hasSecret: z.boolean() })

/** GET /api/configuration/edit and /api/configuration/{id}: everything but the secrets. */
export const configurationAdminViewSchema = z.object({
  _id: idSchema,
  configured: z.boolean(),
  ...publicShape,
  donataria: donatariaSchema,
  mailer: z.object({
    auth: z.object({ user: z.string(), hasPass: z.boolean() }),
    host: z.string(),
    port: z.number().int(),
  }),
  keys: z.object({
    conekta: providerKeyViewSchema,
    paypal: providerKeyViewSchema,
    facebook: providerKeyViewSchema,
    google: providerKeyViewSchema,
    twitter: providerKeyViewSchema,
  }),
  ...timestampsShape,
})
export type ConfigurationAdminView = z.infer<typeof configurationAdminViewSchema>

/** Public values of a configured site (GET /api/init). No secret, no mailer, no product key. */
/** Browser scripts of the payment providers: their own in production, the simulator's in the demo. */
export const paymentScriptsSchema = z.object({ conektaTokenizer: z.string(), paypalSdk: z.string() })
export type PaymentScripts = z.infer<typeof paymentScriptsSchema>

export const publicConfigurationSchema = z.object({
  configured: z.literal(true),
  ...publicShape,
  receipts: receiptsSettingsSchema,
  scripts: paymentScriptsSchema,
})
export type PublicConfiguration = z.infer<typeof publicConfigurationSchema>
