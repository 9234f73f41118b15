import { z } from 'zod'
import {
  DONATION_MIN_AMOUNT,
  DONATION_TWO_DECIMALS,
  donationMaxMessage,
  DURATION_MAX,
  DURATION_MIN,
  GOAL_MAX_EXCEEDED,
  INTEGER_REQUIRED,
  NEGATIVE_NUMBER,
  REQUIRED,
} from '../messages.ts'
import {
  CAMPAIGN_DURATION_MAX,
  CAMPAIGN_DURATION_MIN,
  CAMPAIGN_GOAL_MAX,
  CAMPAIGN_GOAL_MIN,
  MAX_DONATION_AMOUNT_CEILING,
  MIN_DONATION_AMOUNT,
} from '../limits.ts'

/**
 * A required number. An empty value — undefined, null, NaN (an empty number input read with
 * valueAsNumber) or '' (an empty text input) — and any non-number give 'Campo requerido'.
 * Forms must hand numbers over as numbers; strings are never coerced.
 */
export const requiredNumber = z.number({ error: REQUIRED })

/** Campaign goal in MXN: 0..10,000,000. */
export const goalSchema = requiredNumber
  .min(CAMPAIGN_GOAL_MIN, NEGATIVE_NUMBER)
  .max(CAMPAIGN_GOAL_MAX, GOAL_MAX_EXCEEDED)

/** Campaign duration in whole days: 1..200. */
export const durationSchema = requiredNumber
  .min(CAMPAIGN_DURATION_MIN, DURATION_MIN)
  .max(CAMPAIGN_DURATION_MAX, DURATION_MAX)
  .int(INTEGER_REQUIRED)

/**
 * At most two decimals (pesos and centavos). Read as cents with a tolerance, so 0.29 (28.999…
 * cents in binary) passes and 1.005 or 100.129 do not.
 */
export function hasAtMostTwoDecimals(amount: number): boolean {
  const cents = amount * 100
  return Number.isFinite(cents) && Math.abs(cents - Math.round(cents)) < 1e-6
}

/**
 * Donation amount in MXN: at least 1 peso, at most two decimals and never above the highest
 * maximum an administrator may configure (so 1e308 never reaches a provider). The configured
 * maximum itself is checked with `donationAmountUpTo` (the server reads it from the configuration).
 */
export const donationAmountSchema = requiredNumber
  .min(MIN_DONATION_AMOUNT, { error: DONATION_MIN_AMOUNT, abort: true })
  .max(MAX_DONATION_AMOUNT_CEILING, { error: donationMaxMessage(MAX_DONATION_AMOUNT_CEILING), abort: true })
  .refine(hasAtMostTwoDecimals, DONATION_TWO_DECIMALS)

/** The donation amount under the configured maximum per donation. */
export function donationAmountUpTo(max: number) {
  return donationAmountSchema.refine((amount) => amount <= max, donationMaxMessage(max))
}

/** The maximum per donation in the configuration: 1..10,000,000 pesos, at most two decimals. */
export const maxDonationAmountSchema = requiredNumber
  .min(MIN_DONATION_AMOUNT, { error: DONATION_MIN_AMOUNT, abort: true })
  .max(MAX_DONATION_AMOUNT_CEILING, { error: GOAL_MAX_EXCEEDED, abort: true })
  .refine(hasAtMostTwoDecimals, DONATION_TWO_DECIMALS)
