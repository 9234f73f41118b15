import { z } from 'zod'
import { MISSION_MAX } from '../limits.ts'
import { configurationAdminViewSchema } from '../entities/configuration.ts'
import { adminChangeSchema } from './common.ts'
import {
  contactInputSchema,
  donationSettingsInputSchema,
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
  }),
  { secretRequired: false },
)
export type ConfigurationInput = z.infer<typeof configurationInputSchema>

/** PUT /configuration. */
export const configurationUpdateRequestSchema = adminChangeSchema(configurationInputSchema)
export type ConfigurationUpdateRequest = z.infer<typeof configurationUpdateRequestSchema>

/** GET /configuration/edit and GET /configuration/{id}. */
export const configurationResponseSchema = configurationAdminViewSchema
