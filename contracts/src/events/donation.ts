import { z } from 'zod'
import { donorWallChoiceEventShape, idSchema, receiptRequestEventSchema } from '../rules.ts'
import { defineEvent } from './envelope.ts'

/** Donation service events (aggregate: donation). Amounts in MXN, fees as the provider reports them. */

const channel = z.enum(['paypal', 'conekta', 'oxxo'])
const donor = z.object({ email: z.string(), name: z.string() })

/** A month of a monthly donation: its subscription, and when the provider charges the next one. */
const monthlyMark = {
  monthly: z.object({ subscriptionId: idSchema, nextChargeAt: z.string().optional() }).optional(),
}

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
  ...monthlyMark,
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
    /** The donor asked for a deductible receipt with these tax data (absent: no receipt asked). */
    receipt: receiptRequestEventSchema.optional(),
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
    ...monthlyMark,
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

/** The card last digits and brand a monthly donation is charged to (never the number). */
const cardShape = z.object({ last4: z.string().optional(), brand: z.string().optional() })

/**
 * A monthly donation by card began (aggregate: monthly-donation, stream monthly-{subscriptionId}):
 * the provider's customer holds the card and its subscription to the plan of this amount; the
 * first month is a donation of its own, like every month after it.
 */
export const monthlyDonationStarted = defineEvent({
  service: 'donation',
  aggregate: 'monthly-donation',
  type: 'MonthlyDonationStarted',
  schema: z.object({
    subscriptionId: idSchema,
    campaignId: idSchema,
    amount: z.number().positive(),
    currency: z.literal('MXN'),
    donor,
    phone: z.string().optional(),
    userId: z.string().nullable(),
    providerCustomerId: z.string(),
    providerSubscriptionId: z.string(),
    planId: z.string(),
    /** The provider order of the first month, charged as the subscription began. */
    firstOrderId: z.string().optional(),
    card: cardShape,
    startedAt: z.string(),
    nextChargeAt: z.string().optional(),
    idempotencyKey: z.string().optional(),
    requestHash: z.string().optional(),
    ...donorWallChoiceEventShape,
    /** The donor's deductible-receipt request: every month's donation carries it. */
    receipt: receiptRequestEventSchema.optional(),
  }),
})

/** The provider stopped retrying a declined month: no charge until the donor gives another card. */
export const monthlyDonationSuspended = defineEvent({
  service: 'donation',
  aggregate: 'monthly-donation',
  type: 'MonthlyDonationSuspended',
  schema: z.object({ subscriptionId: idSchema, campaignId: idSchema, reason: z.string(), suspendedAt: z.string() }),
})

/** The donor gave another card through their link; the subscription is charged again. */
export const monthlyDonationCardUpdated = defineEvent({
  service: 'donation',
  aggregate: 'monthly-donation',
  type: 'MonthlyDonationCardUpdated',
  schema: z.object({ subscriptionId: idSchema, campaignId: idSchema, card: cardShape, updatedAt: z.string() }),
})

/** The monthly donation ended: the donor's cancel link, or the provider (reconciled). */
export const monthlyDonationCancelled = defineEvent({
  service: 'donation',
  aggregate: 'monthly-donation',
  type: 'MonthlyDonationCancelled',
  schema: z.object({ subscriptionId: idSchema, campaignId: idSchema, by: z.enum(['donor', 'provider']), cancelledAt: z.string() }),
})

/** A cash voucher passed its expiry unpaid. */
export const donationExpired = defineEvent({
  service: 'donation',
  aggregate: 'donation',
  type: 'DonationExpired',
  schema: z.object({ donationId: idSchema, campaignId: idSchema, expiredAt: z.string() }),
})

/**
 * The charity's accountant stamped the deductible receipt (CFDI) of an approved donation and an
 * administrator uploaded it (aggregate: receipt, stream receipt-{donationId}); the XML and PDF are
 * kept by the donation service and mailed to the donor.
 */
export const deductibleReceiptIssued = defineEvent({
  service: 'donation',
  aggregate: 'receipt',
  type: 'DeductibleReceiptIssued',
  schema: z.object({
    donationId: idSchema,
    /** The donation's folio (its approval's position), as the list showed it. */
    folio: z.number().int().nullable(),
    /** The stamp's UUID (TimbreFiscalDigital), when the XML carries one. */
    uuid: z.string().optional(),
    total: z.number().positive(),
    issuedAt: z.string(),
  }),
})

export const donationEvents = [
  donationRequested,
  cashVoucherIssued,
  donationProviderDetailsRecorded,
  donationApproved,
  donationFailed,
  donationExpired,
  monthlyDonationStarted,
  monthlyDonationSuspended,
  monthlyDonationCardUpdated,
  monthlyDonationCancelled,
  deductibleReceiptIssued,
] as const
