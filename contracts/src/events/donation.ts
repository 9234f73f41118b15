import { z } from 'zod'
import { donorWallChoiceEventShape, idSchema } from '../rules.ts'
import { defineEvent } from './envelope.ts'

/** Donation service events (aggregate: donation). Amounts in MXN, fees as the provider reports them. */

const channel = z.enum(['paypal', 'conekta', 'oxxo'])
const donor = z.object({ email: z.string(), name: z.string() })

/** What every event of a donation's order repeats: who gives how much to which campaign, by which channel. */
const donationOrder = {
  donationId: idSchema,
  campaignId: idSchema,
  amount: z.number().positive(),
  currency: z.literal('MXN'),
  type: channel,
  donor,
  userId: z.string().nullable(),
  /** The donor's choice for the donor wall (absent in donations made before it existed). */
  ...donorWallChoiceEventShape,
}

/** A provider order was created for this donation (card charge, cash voucher or wallet order). */
export const donationRequested = defineEvent({
  service: 'donation',
  aggregate: 'donation',
  type: 'DonationRequested',
  schema: z.object({
    ...donationOrder,
    providerOrderId: z.string().nullable(),
    requestedAt: z.string(),
    /** Donor phone as given to the provider (card and cash channels). */
    phone: z.string().optional(),
    /** The client's Idempotency-Key, when it sent one (the donation id derives from it). */
    idempotencyKey: z.string().optional(),
    /** SHA-256 of the canonical JSON of the request body that first used the Idempotency-Key: the key is bound to it. */
    requestHash: z.string().optional(),
  }),
})

/** The cash voucher (OXXO) of a requested donation; payable until expiresAt. */
export const cashVoucherIssued = defineEvent({
  service: 'donation',
  aggregate: 'donation',
  type: 'CashVoucherIssued',
  schema: z.object({
    donationId: idSchema,
    campaignId: idSchema,
    providerOrderId: z.string(),
    reference: z.string(),
    barcodeUrl: z.string(),
    expiresAt: z.string(),
  }),
})

export const donationApproved = defineEvent({
  service: 'donation',
  aggregate: 'donation',
  type: 'DonationApproved',
  schema: z.object({
    donationId: idSchema,
    campaignId: idSchema,
    amount: z.number().positive(),
    fee: z.number().min(0),
    currency: z.literal('MXN'),
    type: z.enum(['paypal', 'conekta', 'oxxo']),
    donor: z.object({ email: z.string(), name: z.string() }),
    userId: z.string().nullable(),
    approvedAt: z.string(),
    ...donorWallChoiceEventShape,
  }),
})

/** The provider declined or errored; the donation is recorded with type 'failed'. */
export const donationFailed = defineEvent({
  service: 'donation',
  aggregate: 'donation',
  type: 'DonationFailed',
  schema: z.object({
    ...donationOrder,
    error: z.object({ message: z.string(), code: z.string().optional() }),
    failedAt: z.string(),
  }),
})

/**
 * What the provider answered about the order, as the detail screens show it (never keys or
 * secrets): Conekta's customer_info and payment method, or PayPal's order details.
 */
export const donationProviderDetailsRecorded = defineEvent({
  service: 'donation',
  aggregate: 'donation',
  type: 'DonationProviderDetailsRecorded',
  schema: z.object({
    donationId: idSchema,
    providerOrderId: z.string(),
    conekta: z
      .object({
        customer_info: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
        payment_method: z.record(z.string(), z.unknown()).optional(),
      })
      .optional(),
    paypal: z.object({ data: z.looseObject({ orderID: z.string() }), details: z.record(z.string(), z.unknown()) }).optional(),
  }),
})

/** A cash voucher passed its expiry unpaid. */
export const donationExpired = defineEvent({
  service: 'donation',
  aggregate: 'donation',
  type: 'DonationExpired',
  schema: z.object({ donationId: idSchema, campaignId: idSchema, expiredAt: z.string() }),
})

export const donationEvents = [
  donationRequested,
  cashVoucherIssued,
  donationProviderDetailsRecorded,
  donationApproved,
  donationFailed,
  donationExpired,
] as const
