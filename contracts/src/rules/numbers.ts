import { z } from 'zod'
import {
  DONATION_MIN_AMOUNT,
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

/** Donation amount in MXN: at least 1 peso. */
export const donationAmountSchema = requiredNumber.min(MIN_DONATION_AMOUNT, DONATION_MIN_AMOUNT)
