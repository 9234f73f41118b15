import { z } from 'zod'
import { MISSION_MAX } from '../limits.ts'
import { configurationAdminViewSchema } from '../entities/configuration.ts'
import { adminChangeSchema } from './common.ts'
import {
  contactInputSchema,
  donationSettingsInputSchema,
  donatariaInputSchema,
  homeInputSchema,
  keysInputSchema,
  mailerUpdateSchema,
  providersInputSchema,
  requireEnabledProviderKeys,
  settingsInputSchema,
  urlsInputSchema,
} from './configuration-fields.ts'

/**
 * Configuration screen payload. Blank or absent secrets (keys.*.secret, mailer.auth.pass) keep
 * the stored values; secrets are never sent back (see `configurationAdminViewSchema`).
 */
export const configurationInputSchema = requireEnabledProviderKeys(
  z.object({
    settings: settingsInputSchema,
    home: homeInputSchema(MISSION_MAX),
    contact: contactInputSchema,
    mailer: mailerUpdateSchema,
    urls: urlsInputSchema,
    providers: providersInputSchema,
    keys: keysInputSchema,
    /** Absent (a client that predates it): the stored value stays. */
    donations: donationSettingsInputSchema.optional(),
    /** Absent (a client that predates it): the stored value stays. */
    donataria: donatariaInputSchema.optional(),
  }),
  { secretRequired: false },
)
export type ConfigurationInput = z.infer<typeof configurationInputSchema>

/** PUT /configuration. */
export const configurationUpdateRequestSchema = adminChangeSchema(configurationInputSchema)
export type ConfigurationUpdateRequest = z.infer<typeof configurationUpdateRequestSchema>

/** GET /configuration/edit and GET /configuration/{id}. */
export const configurationResponseSchema = configurationAdminViewSchema

/** One message the SMTP server has not accepted for a while (configuration screen). The address is masked. */
export const undeliveredMailSchema = z.strictObject({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  queuedAt: z.iso.datetime(),
  attempts: z.number().int().nonnegative(),
  lastAttemptAt: z.iso.datetime().nullable(),
  reason: z.string().nullable(),
})
export type UndeliveredMail = z.infer<typeof undeliveredMailSchema>

/** GET /api/configuration/mail/undelivered: mail still waiting after `afterSeconds` (default `UNDELIVERED_MAIL_AFTER_SECONDS`). */
export const undeliveredMailResponseSchema = z.strictObject({ items: z.array(undeliveredMailSchema), afterSeconds: z.number().int().positive() })
export type UndeliveredMailResponse = z.infer<typeof undeliveredMailResponseSchema>
export const UNDELIVERED_MAIL_AFTER_SECONDS = 15 * 60
