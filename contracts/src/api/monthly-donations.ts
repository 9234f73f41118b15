import { z } from 'zod'
import { idSchema, requiredString } from '../rules.ts'
import { conektaDonationResponseSchema } from './donations.ts'
import { pageQuerySchema } from './public-campaigns.ts'

/** A monthly donation's state: charged each month, suspended (declined until a new card), or ended. */
export const monthlyDonationStatuses = ['active', 'suspended', 'cancelled'] as const
export type MonthlyDonationStatus = (typeof monthlyDonationStatuses)[number]

/** What the donor's thank-you and their links show of the subscription. */
export const monthlyDonationSummarySchema = z.object({
  _id: idSchema,
  status: z.enum(monthlyDonationStatuses),
  amount: z.number().positive(),
  nextChargeAt: z.string().nullable(),
})

/** POST /donations/monthly answers the first month's donation (as a card donation does) and the subscription. */
export const monthlyDonationResponseSchema = conektaDonationResponseSchema.extend({ monthly: monthlyDonationSummarySchema })
export type MonthlyDonationResponse = z.infer<typeof monthlyDonationResponseSchema>

/** The signed token of a donor's link from a monthly e-mail (to cancel, or to give another card). */
const linkTokenSchema = requiredString.max(1_000, 'El enlace no es válido')

/** GET /donations/monthly/link?token=: what the donor's link is about. */
export const monthlyLinkQuerySchema = z.object({ token: linkTokenSchema })
export const monthlyLinkResponseSchema = monthlyDonationSummarySchema.extend({
  action: z.enum(['cancel', 'card']),
  /** Whether the link can still do its action: a cancel link until the donation is cancelled, a card link while the suspension it was mailed for lasts. */
  usable: z.boolean(),
  campaign: z.object({ title: z.string() }),
  /** The card now charged (last digits only). */
  card: z.object({ last4: z.string().optional(), brand: z.string().optional() }),
})
export type MonthlyLinkResponse = z.infer<typeof monthlyLinkResponseSchema>

/** POST /donations/monthly/cancel: one click from the link; a second one changes nothing. */
export const monthlyCancelRequestSchema = z.object({ token: linkTokenSchema })
/** POST /donations/monthly/card: the new card's token, made by the provider's tokenizer. */
export const monthlyCardRequestSchema = z.object({ token: linkTokenSchema, cardToken: requiredString })

/** One row of "Donadores mensuales". */
export const monthlyDonorSchema = z.object({
  _id: idSchema,
  status: z.enum(monthlyDonationStatuses),
  amount: z.number(),
  campaign: z.object({ _id: idSchema, title: z.string() }),
  name: z.string(),
  email: z.string(),
  startedAt: z.string(),
  nextChargeAt: z.string().nullable(),
  monthsPaid: z.number().int().min(0),
  total: z.number().min(0),
  card: z.object({ last4: z.string().optional(), brand: z.string().optional() }),
  suspendedReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
})
export type MonthlyDonor = z.infer<typeof monthlyDonorSchema>

/** GET /donations/monthly: filters of "Donadores mensuales". */
export const monthlyDonorFiltersSchema = z.object({
  status: z.enum([...monthlyDonationStatuses, 'all']).default('all'),
  search: z.string().trim().min(1).optional(),
  page: pageQuerySchema,
})
export type MonthlyDonorFilters = z.infer<typeof monthlyDonorFiltersSchema>

export const monthlyDonorListResponseSchema = z.object({
  docs: z.array(monthlyDonorSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pages: z.number().int().min(0),
  /** The summary boxes: active donors and what they give each month. */
  summary: z.object({ active: z.number().int().min(0), monthlyAmount: z.number().min(0) }),
})
export type MonthlyDonorListResponse = z.infer<typeof monthlyDonorListResponseSchema>
