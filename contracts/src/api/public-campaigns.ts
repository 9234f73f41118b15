import { z } from 'zod'
import { requiredString } from '../rules.ts'
import { FIRST_PAGE } from '../limits.ts'
import { campaignCardSchema, campaignSchema } from '../entities/campaign.ts'
import { commentSchema } from '../entities/comment.ts'
import { paginatedSchema } from '../entities/pagination.ts'

/** Route parameter `{slug}`. */
export const slugParamsSchema = z.object({ slug: requiredString })

/** Query page number (strings from the URL are coerced); starts at 1. */
export const pageQuerySchema = z.coerce.number().int().min(FIRST_PAGE).default(FIRST_PAGE)

/** GET /public/campaigns/scroll/campaigns?page={n}. */
export const campaignScrollQuerySchema = z.object({ page: pageQuerySchema })
/** GET /public/campaigns/search/campaigns?page={n}&title={text}. */
export const campaignSearchQuerySchema = z.object({ page: pageQuerySchema, title: requiredString })

/** GET /public/campaigns/, /banner and /slider. */
export const publicCampaignListResponseSchema = z.array(campaignCardSchema)
/** GET /public/campaigns/{slug}. */
export const publicCampaignResponseSchema = campaignSchema
/** GET /public/campaigns/{slug}/comments. */
export const publicCampaignCommentsResponseSchema = z.array(commentSchema)

/** Scroll page {docs, totalDocs, limit, totalPages, page, nextPage}. */
export const campaignPageResponseSchema = paginatedSchema(campaignCardSchema)
export type CampaignPage = z.infer<typeof campaignPageResponseSchema>
/** Search page: the same plus the searched text. */
export const campaignSearchResponseSchema = campaignPageResponseSchema.extend({ searchValue: z.string() })
export type CampaignSearchPage = z.infer<typeof campaignSearchResponseSchema>

/** POST /public/campaigns/{slug}/visit. */
export const visitResponseSchema = z.object({ total: z.number().int().min(0) })
/** POST /public/campaigns/{slug}/like. */
export const likeResponseSchema = z.object({ likes: z.number().int().min(0) })
