import { z } from 'zod'
import { categoryInputSchema } from './categories.ts'
import { institutionInputSchema } from './institutions.ts'
import { idSchema } from '../rules.ts'
import { authUserSchema } from '../entities/auth-user.ts'
import { defaultDonataria, donatariaSchema } from '../entities/configuration.ts'
import { DEFAULT_MAX_DONATION_AMOUNT } from '../limits.ts'

/**
 * Service-to-service calls on /internal/... (never routed by the gateway; they carry the
 * internal token). The setup wizard's steps are idempotent by `setupId` and can be undone.
 */

export { filePath } from '../paths.ts'

/** identity GET /internal/sessions/{userId}: what makes an issued token still valid. */
export const sessionStateSchema = z.object({ active: z.boolean(), role: z.number().int(), sessionVersion: z.number().int().min(0) })

/** identity POST /internal/setup/admin: the first administrator (role 0). */
export const setupAdminRequestSchema = z.object({
  setupId: idSchema,
  user: z.object({
    name: z.string().min(1),
    lastName: z.string().min(1),
    email: z.string().min(1),
    password: z.string().min(1),
    thumbnail: idSchema.nullable(),
  }),
})
/** A retry with the same setupId answers the same user and a fresh token. `user` is what the token carries. */
export const setupAdminResponseSchema = z.object({ userId: idSchema, token: z.string().min(1), user: authUserSchema })
export type SetupAdminResponse = z.infer<typeof setupAdminResponseSchema>
/** identity DELETE /internal/setup/admin/{setupId}: removes what that setup created (204). */

/** campaign POST /internal/setup/catalog: the first category and the optional institution. */
export const setupCatalogRequestSchema = z.object({
  setupId: idSchema,
  actor: idSchema.nullable(),
  category: categoryInputSchema,
  institution: institutionInputSchema.nullable(),
})
export const setupCatalogResponseSchema = z.object({ categoryId: idSchema, institutionId: idSchema.nullable() })
/** campaign DELETE /internal/setup/catalog/{setupId}: removes what that setup created (204). */

/** A file sent with a mail (a donation's acknowledgement PDF), its bytes in base64 so the queued row stays JSON. */
export const mailAttachmentSchema = z.object({
  filename: z.string().min(1).max(120),
  contentType: z.string().min(1),
  contentBase64: z.base64().min(1),
})
export type MailAttachment = z.infer<typeof mailAttachmentSchema>

/** content POST /internal/mail: sent with the configured SMTP, or written to the outbox (202). */
export const internalMailRequestSchema = z.object({
  /** The sender's outbox id: a message handed over twice is queued once. */
  id: z.uuid(),
  to: z.email(),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
  attachments: z.array(mailAttachmentSchema).max(5).optional(),
})
export type InternalMailRequest = z.infer<typeof internalMailRequestSchema>
/** A message as a service queues it before handing it to the content service (which adds nothing but delivery). */
export type MailContent = Omit<InternalMailRequest, 'id'>
export const mailContentSchema = internalMailRequestSchema.omit({ id: true })

/** One social sign-in provider as the identity service needs it: switch, client id and the decrypted secret. */
export const internalSocialProviderSettingSchema = z.object({ enabled: z.boolean(), client: z.string(), secret: z.string() })
export type InternalSocialProviderSetting = z.infer<typeof internalSocialProviderSettingSchema>

/**
 * content GET /internal/configuration/providers: the social sign-in settings, secrets decrypted.
 * INTERNAL ONLY (internal token); never routed by the gateway nor sent to a browser.
 */
export const internalSocialProvidersResponseSchema = z.object({
  google: internalSocialProviderSettingSchema,
  facebook: internalSocialProviderSettingSchema,
  twitter: internalSocialProviderSettingSchema,
})
export type InternalSocialProvidersResponse = z.infer<typeof internalSocialProvidersResponseSchema>

/** campaign GET /internal/campaigns/{id}/donation-status: whether a donation to it may be taken now. */
export const campaignDonationStatusSchema = z.object({
  campaignId: idSchema,
  title: z.string(),
  /** The campaign's own thank-you message (null: the site's default). */
  gratitude: z.string().nullable(),
  /** Its thumbnail's file id, so an answer given before the donation service's copy caught up is the same as one after. */
  thumbnail: idSchema,
  active: z.boolean(),
  /** When it becomes public (a scheduled campaign takes no donations before). */
  startsAt: z.string(),
  open: z.boolean(),
  endsAt: z.string(),
})
export type CampaignDonationStatus = z.infer<typeof campaignDonationStatusSchema>

/**
 * content GET /internal/configuration/payments: the payment providers' switches and keys, the
 * private key and secret decrypted. INTERNAL ONLY (internal token); never routed by the gateway
 * nor sent to a browser.
 */
export const internalPaymentSettingsResponseSchema = z.object({
  conekta: z.object({ enabled: z.boolean(), publicKey: z.string(), privateKey: z.string() }),
  paypal: z.object({ enabled: z.boolean(), clientId: z.string(), secret: z.string() }),
  /** The site's default thank-you message (spec §2.4 step 2), for the donor's e-mail. */
  gratitudeMessage: z.string(),
  /** The institution's name, to sign e-mails. */
  siteName: z.string(),
  /** The configured maximum per donation (MXN); every channel refuses more. */
  maxDonationAmount: z.number().default(DEFAULT_MAX_DONATION_AMOUNT),
  /** 'Donataria autorizada': the acknowledgement of a donation names the authorisation when it is on. */
  donataria: donatariaSchema.default(defaultDonataria),
})
export type InternalPaymentSettingsResponse = z.infer<typeof internalPaymentSettingsResponseSchema>
