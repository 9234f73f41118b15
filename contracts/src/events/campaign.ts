import { z } from 'zod'
import { idSchema } from '../rules.ts'
import { visibilitySchema } from '../entities/campaign.ts'
import { defineEvent } from './envelope.ts'
import { commentPostedV1 } from './upcasters.ts'

/** Campaign service events (aggregates: institution, category, campaign, comment). */

// Institution
const institutionDetails = { institutionId: idSchema, name: z.string(), description: z.string() }

export const institutionCreated = defineEvent({
  service: 'campaign',
  aggregate: 'institution',
  type: 'InstitutionCreated',
  schema: z.object({ ...institutionDetails, active: z.boolean() }),
})
export const institutionUpdated = defineEvent({
  service: 'campaign',
  aggregate: 'institution',
  type: 'InstitutionUpdated',
  schema: z.object(institutionDetails),
})
export const institutionActivationToggled = defineEvent({
  service: 'campaign',
  aggregate: 'institution',
  type: 'InstitutionActivationToggled',
  schema: z.object({ institutionId: idSchema, active: z.boolean() }),
})

/** Only the undo of a failed setup removes an institution; admins deactivate instead. */
export const institutionRemoved = defineEvent({
  service: 'campaign',
  aggregate: 'institution',
  type: 'InstitutionRemoved',
  schema: z.object({ institutionId: idSchema }),
})

// Category
const categoryDetails = { categoryId: idSchema, title: z.string(), description: z.string() }

export const categoryCreated = defineEvent({
  service: 'campaign',
  aggregate: 'category',
  type: 'CategoryCreated',
  schema: z.object({ ...categoryDetails, active: z.boolean() }),
})
export const categoryUpdated = defineEvent({
  service: 'campaign',
  aggregate: 'category',
  type: 'CategoryUpdated',
  schema: z.object(categoryDetails),
})
export const categoryActivationToggled = defineEvent({
  service: 'campaign',
  aggregate: 'category',
  type: 'CategoryActivationToggled',
  schema: z.object({ categoryId: idSchema, active: z.boolean() }),
})

/** Only the undo of a failed setup removes a category; admins deactivate instead. */
export const categoryRemoved = defineEvent({
  service: 'campaign',
  aggregate: 'category',
  type: 'CategoryRemoved',
  schema: z.object({ categoryId: idSchema }),
})

// Campaign
const campaignDetails = {
  campaignId: idSchema,
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string(),
  /** Sanitised rich HTML. */
  content: z.string(),
  /** File id. */
  thumbnail: idSchema,
  categories: z.array(idSchema),
  institution: idSchema.nullable(),
  goal: z.number().nullable(),
  duration: z.number().int(),
  /** YYYY-MM-DD. */
  date: z.string(),
  gratitude: z.string().nullable(),
  visibility: visibilitySchema,
}

export const campaignCreated = defineEvent({
  service: 'campaign',
  aggregate: 'campaign',
  type: 'CampaignCreated',
  schema: z.object({ ...campaignDetails, active: z.boolean() }),
})
export const campaignUpdated = defineEvent({
  service: 'campaign',
  aggregate: 'campaign',
  type: 'CampaignUpdated',
  schema: z.object(campaignDetails),
})
export const campaignActivationToggled = defineEvent({
  service: 'campaign',
  aggregate: 'campaign',
  type: 'CampaignActivationToggled',
  schema: z.object({ campaignId: idSchema, active: z.boolean() }),
})
/** POST /public/campaigns/{slug}/visit. */
export const campaignVisited = defineEvent({
  service: 'campaign',
  aggregate: 'campaign',
  type: 'CampaignVisited',
  schema: z.object({ campaignId: idSchema }),
})
/** POST /public/campaigns/{slug}/like. */
export const campaignLiked = defineEvent({
  service: 'campaign',
  aggregate: 'campaign',
  type: 'CampaignLiked',
  schema: z.object({ campaignId: idSchema }),
})

// Comment
/** v2: the comment as the person typed it (React escapes it on render); v1 stored it HTML-escaped. */
export const commentPosted = defineEvent({
  service: 'campaign',
  aggregate: 'comment',
  type: 'CommentPosted',
  v: 2,
  schema: z.object({ commentId: idSchema, campaignId: idSchema, comment: z.string(), authorId: idSchema }),
  upcasters: { 1: commentPostedV1 },
})
export const commentDeleted = defineEvent({
  service: 'campaign',
  aggregate: 'comment',
  type: 'CommentDeleted',
  schema: z.object({ commentId: idSchema, campaignId: idSchema }),
})

/**
 * An administrator hid a donor's message on a campaign's donor wall, or showed it again; the
 * justification is in the event's metadata (the change history shows it).
 */
export const donorMessageModerated = defineEvent({
  service: 'campaign',
  aggregate: 'donor-message',
  type: 'DonorMessageModerated',
  schema: z.object({ campaignId: idSchema, donationId: idSchema, hidden: z.boolean() }),
})

export const campaignEvents = [
  institutionCreated,
  institutionUpdated,
  institutionActivationToggled,
  institutionRemoved,
  categoryCreated,
  categoryUpdated,
  categoryActivationToggled,
  categoryRemoved,
  campaignCreated,
  campaignUpdated,
  campaignActivationToggled,
  campaignVisited,
  campaignLiked,
  commentPosted,
  commentDeleted,
  donorMessageModerated,
] as const
