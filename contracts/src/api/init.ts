import { z } from 'zod'
import { WIZARD_MISSION_MAX, WIZARD_USER_NAME_MAX } from '../limits.ts'
import {
  confirmationSchema,
  emailSchema,
  idSchema,
  passwordSchema,
  requiredString,
  requiredText,
  withConfirmation,
} from '../rules.ts'
import { REQUIRED } from '../messages.ts'
import { authUserSchema } from '../entities/auth-user.ts'
import { publicConfigurationSchema } from '../entities/configuration.ts'
import { categoryInputSchema } from './categories.ts'
import { institutionInputSchema } from './institutions.ts'
import {
  contactInputSchema,
  homeInputSchema,
  keysInputSchema,
  legalPagesInputSchema,
  mailerInputSchema,
  providersInputSchema,
  requireEnabledProviderKeys,
  settingsInputSchema,
  urlsInputSchema,
} from './configuration-fields.ts'

/** GET /init: {configured:false} before setup, else the public configuration (no secrets). */
export const initResponseSchema = z.discriminatedUnion('configured', [
  z.object({ configured: z.literal(false) }),
  publicConfigurationSchema,
])
export type InitResponse = z.infer<typeof initResponseSchema>

/** The first administrator (wizard step 7). */
export const setupUserSchema = withConfirmation(
  z.object(
    {
      name: requiredText(WIZARD_USER_NAME_MAX),
      lastName: requiredText(WIZARD_USER_NAME_MAX),
      email: emailSchema,
      password: passwordSchema,
      confirmation: confirmationSchema,
      thumbnail: idSchema.optional(),
    },
    { error: REQUIRED },
  ),
  'password',
)

/**
 * POST /init: the whole wizard. Keys of an enabled provider need client and secret; the optional
 * institution (step 15) is omitted when skipped.
 */
export const setupRequestSchema = requireEnabledProviderKeys(
  z.object({
    productKey: requiredString,
    settings: settingsInputSchema,
    home: homeInputSchema(WIZARD_MISSION_MAX),
    contact: contactInputSchema,
    mailer: mailerInputSchema,
    pages: legalPagesInputSchema,
    providers: providersInputSchema,
    keys: keysInputSchema,
    urls: urlsInputSchema,
    user: setupUserSchema,
    category: categoryInputSchema,
    institution: institutionInputSchema.optional(),
  }),
  { secretRequired: true },
)
export type SetupRequest = z.infer<typeof setupRequestSchema>
export type SetupRequestInput = z.input<typeof setupRequestSchema>

/** POST /init answer: the first administrator is signed in. */
export const setupResponseSchema = z.object({ token: z.string().min(1), user: authUserSchema })
export type SetupResponse = z.infer<typeof setupResponseSchema>
