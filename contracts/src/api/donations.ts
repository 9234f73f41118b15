import { z } from 'zod'
import { donationAmountSchema, donorWallChoiceShape, receiptRequestSchema, emailSchema, idSchema, personNameSchema, requiredString, voucherPhoneSchema } from '../rules.ts'
import {
  customerInfoSchema,
  donationListSchema,
  donationSchema,
  donationSummarySchema,
  donationTypes,
  paypalInfoSchema,
} from '../entities/donation.ts'
import { CONTACT_PHONE_MAX } from '../limits.ts'
import { maxLengthMessage } from '../messages.ts'
import { pageQuerySchema } from './public-campaigns.ts'

/**
 * The signed-in donor's id, or null/absent for anonymous donations. The server takes the user
 * from the bearer token and only checks that this field agrees with it.
 */
const donorUserSchema = idSchema.nullable().optional()

/** The donor's optional request for a deductible receipt (refused while 'Donataria autorizada' is off). */
const receiptShape = { receipt: receiptRequestSchema.optional() }

const optionalQueryText = z.string().trim().min(1).optional()

/** Filters of the donation lists (query string values are coerced). */
export const donationFiltersSchema = z.object({
  amount: z.coerce.number().min(0).optional(),
  campaign: idSchema.optional(),
  name: optionalQueryText,
  email: optionalQueryText,
  startDate: z.iso.date().optional(),
  endDate: z.iso.date().optional(),
  page: pageQuerySchema,
  search: optionalQueryText,
  type: z.enum([...donationTypes, 'all']).default('all'),
})
export type DonationFilters = z.infer<typeof donationFiltersSchema>
/** GET …/counters/info: the summary boxes follow the list's filters (every one but the page). */
export const donationSummaryQuerySchema = donationFiltersSchema.omit({ page: true })
export type DonationSummaryQuery = z.infer<typeof donationSummaryQuerySchema>

/** GET /donations/, /donations/paypal, /donations/conekta/card, /donations/conekta/oxxo. */
export const donationListResponseSchema = donationListSchema
/** GET /donations/{id}, /donations/paypal/{id}. */
export const donationResponseSchema = donationSchema
/** GET …/counters/info: summary boxes (approved donations among those the filters select). */
export const donationSummaryResponseSchema = donationSummarySchema
/** GET /donations/paypal/graph: approved totals per day ('Histórico de Donaciones'). */
export const donationGraphResponseSchema = z.array(
  z.object({ date: z.iso.date(), total: z.number().min(0), count: z.number().int().min(0) }),
)

/**
 * Wallet, step 1 (not in the spec; the PayPal Orders v2 server flow needs it): the server creates
 * the order for the amount and campaign and answers its id to the browser button.
 */
export const paypalOrderRequestSchema = z.object({
  campaign: idSchema,
  amount: donationAmountSchema,
  user: donorUserSchema,
  ...donorWallChoiceShape,
  ...receiptShape,
})
export type PaypalOrderRequest = z.input<typeof paypalOrderRequestSchema>
export const paypalOrderResponseSchema = z.object({ orderID: z.string().min(1) })

/**
 * Wallet, step 2: POST /donations/paypal after the buyer approved. The server captures the
 * order and re-reads it; `paypal` (the browser's copy of the details) is informative only.
 */
export const paypalDonationRequestSchema = z.object({
  campaign: idSchema,
  orderID: requiredString,
  paypal: paypalInfoSchema.optional(),
  user: donorUserSchema,
})
export type PaypalDonationRequest = z.infer<typeof paypalDonationRequestSchema>
/**
 * The answer to POST /donations/paypal, the first capture and any re-send alike: only what the
 * donor's thank-you needs (amount, campaign, status and the name to thank). Never the provider's
 * order: payer e-mail and id and the merchant's account stay on the server.
 */
export const paypalDonationResponseSchema = z.object({
  _id: idSchema,
  amount: z.number(),
  currency: z.literal('MXN'),
  campaign: z.object({ _id: idSchema, title: z.string() }),
  approved: z.boolean(),
  status: z.string(),
  /** The payer's name as PayPal reports it, for 'Gracias, …'. */
  name: z.string(),
})
export type PaypalDonationResponse = z.infer<typeof paypalDonationResponseSchema>

/** POST /donations/conekta: card token made by the provider's browser tokenizer. */
export const conektaDonationRequestSchema = z.object({
  token: requiredString,
  name: personNameSchema,
  amount: donationAmountSchema,
  campaign: idSchema,
  email: emailSchema,
  phone: requiredString.max(CONTACT_PHONE_MAX, maxLengthMessage(CONTACT_PHONE_MAX)),
  user: donorUserSchema,
  ...donorWallChoiceShape,
  ...receiptShape,
})
export type ConektaDonationRequest = z.infer<typeof conektaDonationRequestSchema>
/** The recorded donation plus the provider's customer info (the thank-you dialog uses its name). */
export const conektaDonationResponseSchema = donationSchema.extend({ customer_info: customerInfoSchema })

/** POST /donations/oxxopay/request: cash voucher. */
export const oxxoRequestSchema = z.object({
  name: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  phone: voucherPhoneSchema,
  campaign: idSchema,
  amount: donationAmountSchema,
  user: donorUserSchema,
  ...donorWallChoiceShape,
  ...receiptShape,
})
export type OxxoRequest = z.infer<typeof oxxoRequestSchema>

/** The voucher: charges.data[0].payment_method holds reference and barcode_url. */
export const oxxoResponseSchema = z.object({
  _id: idSchema,
  charges: z.object({
    data: z
      .array(
        z.object({
          payment_method: z.object({
            reference: z.string(),
            barcode_url: z.string(),
            /** Unix seconds. */
            expires_at: z.number().int().optional(),
            service_name: z.string().optional(),
          }),
        }),
      )
      .min(1),
  }),
})
export type OxxoResponse = z.infer<typeof oxxoResponseSchema>
