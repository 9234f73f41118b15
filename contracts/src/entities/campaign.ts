import { z } from 'zod'
import { idSchema } from '../rules.ts'
import { fileRefSchema, optionSchema, timestampSchema, timestampsShape } from './common.ts'
import { commentSchema } from './comment.ts'
import { donationTypeSchema } from './donation.ts'
import { historicalEventSchema } from './historical.ts'

/**
 * What the campaign page shows: visit counter, countdown, comments, and the donor wall (absent in
 * campaigns saved before it existed, which show it).
 */
export const visibilitySchema = z.object({
  counter: z.boolean(),
  countdown: z.boolean(),
  comments: z.boolean(),
  donorWall: z.boolean().optional(),
})
export type Visibility = z.infer<typeof visibilitySchema>

const campaignCoreShape = {
  _id: idSchema,
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string(),
  /** Sanitised rich HTML. */
  content: z.string(),
  thumbnail: fileRefSchema,
  /** MXN; null when the campaign has no goal (then no donation card is shown). */
  goal: z.number().nullable(),
  /** Days. */
  duration: z.number().int(),
  /** Publication date YYYY-MM-DD. */
  date: z.iso.date(),
  gratitude: z.string().nullable(),
  visibility: visibilitySchema,
  active: z.boolean(),
}

/** Campaign as lists show it (public gallery, admin list). */
export const campaignSummarySchema = z.object({
  ...campaignCoreShape,
  categories: z.array(z.object({ _id: idSchema, title: z.string() })),
  institution: z.object({ _id: idSchema, name: z.string() }).nullable(),
  likes: z.number().int().min(0),
  visits: z.number().int().min(0),
  ...timestampsShape,
})
export type CampaignSummary = z.infer<typeof campaignSummarySchema>

/**
 * Card of the gallery, banner and slider: with the goal, what approved donations raised and how
 * many donors gave (distinct accounts or e-mails), so the card shows the progress.
 */
export const campaignCardSchema = campaignSummarySchema
  .pick({
    _id: true,
    slug: true,
    title: true,
    subtitle: true,
    description: true,
    thumbnail: true,
    goal: true,
    createdAt: true,
    /** Last change: the sitemap's lastmod. */
    updatedAt: true,
  })
  .extend({
    /** MXN from approved donations. */
    raised: z.number().min(0),
    donors: z.number().int().min(0),
  })
export type CampaignCard = z.infer<typeof campaignCardSchema>

/** A donation as the campaign carries it (for the goal bar). */
export const campaignDonationSchema = z.object({
  amount: z.number(),
  type: donationTypeSchema,
  approved: z.boolean().optional(),
  createdAt: timestampSchema.optional(),
})

/**
 * One donation on the campaign's donor wall: the donor's first name and initial ("Ana P."), or null
 * for an anonymous donor ("Anónimo"); never an e-mail or a full name. The message is null when the
 * donor left none or an administrator hid it.
 */
export const donorWallEntrySchema = z.object({
  _id: idSchema,
  name: z.string().nullable(),
  amount: z.number(),
  createdAt: timestampSchema,
  message: z.string().nullable(),
})
export type DonorWallEntry = z.infer<typeof donorWallEntrySchema>

/** A donor's message as administrators see it, hidden or not (GET /campaigns/{id}/donor-wall). */
export const donorWallMessageSchema = donorWallEntrySchema.extend({ message: z.string(), messageHidden: z.boolean() })
export type DonorWallMessage = z.infer<typeof donorWallMessageSchema>

/** The donor wall of a campaign's page: the latest donations and the largest ones. */
export const donorWallSchema = z.object({
  latest: z.array(donorWallEntrySchema),
  largest: z.array(donorWallEntrySchema),
})
export type DonorWall = z.infer<typeof donorWallSchema>

/** Full campaign (public page GET /public/campaigns/{slug}, admin view): comments come with it. */
export const campaignSchema = campaignSummarySchema.extend({
  /** Publication date (Mexico City) + duration: when donations close. */
  endsAt: timestampSchema.optional(),
  /** Active and not yet ended: donations are accepted. */
  open: z.boolean().optional(),
  comments: z.array(commentSchema),
  donations: z.array(campaignDonationSchema),
  historical: z.array(historicalEventSchema).optional(),
  /** The public page's donor wall; null when the campaign turned it off. */
  donorWall: donorWallSchema.nullable().optional(),
})
export type Campaign = z.infer<typeof campaignSchema>

/** Campaign as the edit form loads it: categories and institution as value/label pairs. */
export const campaignEditViewSchema = z.object({
  ...campaignCoreShape,
  categories: z.array(optionSchema),
  institution: optionSchema.nullable(),
})
export type CampaignEditView = z.infer<typeof campaignEditViewSchema>
