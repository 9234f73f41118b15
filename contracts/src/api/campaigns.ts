import { z } from 'zod'
import { REQUIRED } from '../messages.ts'
import {
  dateSchema,
  durationSchema,
  goalSchema,
  idSchema,
  optionalText,
  requiredBoolean,
  requiredString,
  requiredText,
} from '../rules.ts'
import {
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_GRATITUDE_MAX,
  CAMPAIGN_SUBTITLE_MAX,
  CAMPAIGN_TITLE_MAX,
} from '../limits.ts'
import { campaignEditViewSchema, campaignSchema, campaignSummarySchema, donorWallMessageSchema } from '../entities/campaign.ts'
import { adminChangeSchema, exportRequestSchema, toggleRequestSchema } from './common.ts'

export const visibilityInputSchema = z.object(
  {
    counter: requiredBoolean,
    countdown: requiredBoolean,
    comments: requiredBoolean,
    /** Absent keeps the wall shown (clients made before it existed). */
    donorWall: z.boolean().optional(),
  },
  { error: REQUIRED },
)

function hasNoGoal(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { goal?: unknown }).goal === undefined
}

/**
 * Campaign create/update body. The goal is required only when the card or wallet provider is
 * enabled (spec §5: it is only shown then); pass `goalRequired` from the configuration.
 * Categories are ids (at least one); institution an id, or null/absent for 'N/A'.
 */
export function campaignInputSchema({ goalRequired }: { goalRequired: boolean }) {
  return z
    .object({
      title: requiredText(CAMPAIGN_TITLE_MAX),
      subtitle: optionalText(CAMPAIGN_SUBTITLE_MAX),
      description: requiredText(CAMPAIGN_DESCRIPTION_MAX),
      goal: goalSchema.optional(),
      duration: durationSchema,
      date: dateSchema,
      thumbnail: idSchema,
      categories: z.array(idSchema, { error: REQUIRED }).min(1, REQUIRED),
      institution: idSchema.nullable().optional(),
      gratitude: optionalText(CAMPAIGN_GRATITUDE_MAX),
      /** Rich HTML; the server sanitises it on write. */
      content: requiredString,
      visibility: visibilityInputSchema,
    })
    .refine((input) => !goalRequired || input.goal !== undefined, {
      error: REQUIRED,
      path: ['goal'],
      when: (payload) => goalRequired && hasNoGoal(payload.value),
    })
}
export type CampaignInput = z.infer<ReturnType<typeof campaignInputSchema>>

/** PUT /campaigns/{id}/donor-wall/{donationId}: hide a donor's message from the wall, or show it again. */
export const donorMessageModerationRequestSchema = adminChangeSchema(z.object({ hidden: requiredBoolean }, { error: REQUIRED }))
export type DonorMessageModerationRequest = z.infer<typeof donorMessageModerationRequestSchema>
/** Route parameters `{id}` (the campaign) and `{donationId}`. */
export const donorMessageParamsSchema = z.object({ id: idSchema, donationId: idSchema })
/** GET /campaigns/{id}/donor-wall: every donor message of the campaign, newest first. */
export const donorWallMessagesResponseSchema = z.array(donorWallMessageSchema)

export function campaignCreateRequestSchema(options: { goalRequired: boolean }) {
  return campaignInputSchema(options)
}
export function campaignUpdateRequestSchema(options: { goalRequired: boolean }) {
  return adminChangeSchema(campaignInputSchema(options))
}
export type CampaignUpdateRequest = z.infer<ReturnType<typeof campaignUpdateRequestSchema>>
export const campaignToggleRequestSchema = toggleRequestSchema
export const campaignExportRequestSchema = exportRequestSchema

/** GET /campaigns/ (admin list). */
export const campaignListResponseSchema = z.array(campaignSummarySchema)
/** GET /campaigns/{id}. */
export const campaignResponseSchema = campaignSchema
/** The edit form's load (categories and institution as value/label, date YYYY-MM-DD). */
export const campaignEditResponseSchema = campaignEditViewSchema
