import { z } from 'zod'
import { idSchema } from '../rules.ts'
import { CURRENCY } from '../limits.ts'
import { fileRefSchema, timestampSchema } from './common.ts'

export const donationTypes = ['paypal', 'conekta', 'oxxo', 'failed'] as const
export const donationTypeSchema = z.enum(donationTypes)
export type DonationType = z.infer<typeof donationTypeSchema>

/** The three payment channels (a donation of type 'failed' was attempted through one of them). */
export const paymentChannels = ['paypal', 'conekta', 'oxxo'] as const
export const paymentChannelSchema = z.enum(paymentChannels)
export type PaymentChannel = z.infer<typeof paymentChannelSchema>

/** Labels and colours of the dashboard charts. */
export const donationTypeLabels: Readonly<Record<DonationType, string>> = {
  oxxo: 'OXXO Pay',
  conekta: 'Conekta',
  paypal: 'PayPal',
  failed: 'Fallida',
}

export const currencySchema = z.literal(CURRENCY)

/** An amount as PayPal writes it. */
export const paypalMoneySchema = z.looseObject({ currency_code: z.string(), value: z.string() })
const moneySchema = paypalMoneySchema

/** Who paid, as PayPal describes the payer of an order. */
export const paypalPayerSchema = z.looseObject({
  name: z.looseObject({ given_name: z.string().optional(), surname: z.string().optional() }).optional(),
  email_address: z.string().optional(),
})

/** PayPal order details as the wallet detail screen shows them (other provider fields pass through). */
export const paypalDetailsSchema = z.looseObject({
  id: z.string().optional(),
  status: z.string().optional(),
  update_time: z.string().optional(),
  payer: paypalPayerSchema.optional(),
  purchase_units: z
    .array(
      z.looseObject({
        amount: moneySchema.optional(),
        payee: z.looseObject({ email_address: z.string().optional() }).optional(),
        shipping: z.looseObject({ name: z.looseObject({ full_name: z.string().optional() }).optional() }).optional(),
        payments: z
          .looseObject({
            captures: z
              .array(
                z.looseObject({
                  id: z.string().optional(),
                  status: z.string().optional(),
                  amount: moneySchema.optional(),
                  update_time: z.string().optional(),
                  seller_receivable_breakdown: z
                    .looseObject({
                      gross_amount: moneySchema.optional(),
                      paypal_fee: moneySchema.optional(),
                      net_amount: moneySchema.optional(),
                    })
                    .optional(),
                }),
              )
              .optional(),
          })
          .optional(),
      }),
    )
    .optional(),
})
export type PaypalDetails = z.infer<typeof paypalDetailsSchema>

export const paypalInfoSchema = z.object({
  data: z.looseObject({ orderID: z.string() }),
  details: paypalDetailsSchema,
})

export const customerInfoSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
})
export type CustomerInfo = z.infer<typeof customerInfoSchema>

/** Card / cash voucher provider data of a donation. */
export const conektaInfoSchema = z.object({
  orderId: z.string().optional(),
  customer_info: customerInfoSchema,
  payment_method: z
    .looseObject({
      type: z.string().optional(),
      reference: z.string().optional(),
      barcode_url: z.string().optional(),
      expires_at: z.number().optional(),
      last4: z.string().optional(),
      brand: z.string().optional(),
    })
    .optional(),
})

/**
 * The folio of an approved donation: the position of its approval in the donation service's log,
 * which never changes (decision 88). 'D-000123'.
 */
export function formatFolio(position: number): string {
  return `D-${String(position).padStart(6, '0')}`
}

/** How a donation's method reads in Spanish on its acknowledgement. */
export const paymentChannelLabels: Readonly<Record<PaymentChannel, string>> = {
  conekta: 'Tarjeta de crédito o débito',
  oxxo: 'Efectivo en OXXO',
  paypal: 'PayPal',
}

/** A donation (spec §3). `createdBy` null means anonymous. */
export const donationSchema = z.object({
  _id: idSchema,
  amount: z.number(),
  currency: currencySchema,
  fee: z.number().min(0),
  type: donationTypeSchema,
  approved: z.boolean(),
  createdAt: timestampSchema,
  /** Date in the platform's time zone (America/Mexico_City), YYYY-MM-DD. */
  localDate: z.string(),
  createdBy: idSchema.nullable(),
  campaign: z.object({ _id: idSchema, title: z.string(), thumbnail: fileRefSchema.nullable() }),
  /** Approved donations only: the folio of its acknowledgement. */
  folio: z.string().optional(),
  error: z.object({ message: z.string() }).optional(),
  paypal: paypalInfoSchema.optional(),
  conekta: conektaInfoSchema.optional(),
})
export type Donation = z.infer<typeof donationSchema>

/** Donation list response (dashboard lists). */
export const donationListSchema = z.object({
  docs: z.array(donationSchema),
  totalDocs: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
})
export type DonationList = z.infer<typeof donationListSchema>

/** Summary boxes 'Total' and 'Numero de donadores'. */
export const donationSummarySchema = z.object({
  total: z.number().min(0),
  donors: z.number().int().min(0),
})
export type DonationSummary = z.infer<typeof donationSummarySchema>
