import type { Settings } from '@donaciones/kit'

/** Limits of the card-testing defence: attempts per window per client address, e-mail and card token fingerprint. */
export interface RateLimitOptions {
  windowMs: number
  perAddress: number
  perEmail: number
  perCard: number
  /** Declines from one address or e-mail within the window before it is blocked for `blockMs`. */
  declinesBeforeBlock: number
  blockMs: number
}

export interface DonationServiceOptions {
  /** Conekta API base URL (env CONEKTA_API_URL, default https://api.conekta.io). */
  conektaApiUrl?: string
  /** PayPal API base URL (env PAYPAL_API_URL, default https://api-m.paypal.com). */
  paypalApiUrl?: string
  /** PayPal webhook id for verify-webhook-signature (env PAYPAL_WEBHOOK_ID). */
  paypalWebhookId?: string
  rateLimits?: Partial<RateLimitOptions>
  /** Scheduled reconciliation interval (env DONATION_RECONCILE_INTERVAL_MS, default 15 min; 0 turns it off). */
  reconcileIntervalMs?: number
  /** How far back the scheduled reconciliation looks (env DONATION_RECONCILE_LOOKBACK_MS, default 3 days). */
  reconcileLookbackMs?: number
  /** Hours an OXXO voucher stays payable (env DONATION_OXXO_VALIDITY_HOURS, default 72). */
  oxxoValidityHours?: number
  /** Where donors' links point (monthly donations); default the settings' PUBLIC_URL. */
  publicUrl?: string
}

export interface ResolvedOptions {
  conektaApiUrl: string
  paypalApiUrl: string
  paypalWebhookId: string
  rateLimits: RateLimitOptions
  reconcileIntervalMs: number
  reconcileLookbackMs: number
  oxxoValidityHours: number
  publicUrl: string
}

/** Options win over the environment, which the service's settings hold (parsed when it started). */
export function resolveOptions(options: DonationServiceOptions, settings: Settings): ResolvedOptions {
  const limits = options.rateLimits ?? {}
  return {
    conektaApiUrl: (options.conektaApiUrl ?? settings.CONEKTA_API_URL).replace(/\/+$/, ''),
    paypalApiUrl: (options.paypalApiUrl ?? settings.PAYPAL_API_URL).replace(/\/+$/, ''),
    paypalWebhookId: options.paypalWebhookId ?? settings.PAYPAL_WEBHOOK_ID,
    rateLimits: {
      windowMs: limits.windowMs ?? settings.DONATION_RATE_WINDOW_MS,
      perAddress: limits.perAddress ?? settings.DONATION_RATE_PER_ADDRESS,
      perEmail: limits.perEmail ?? settings.DONATION_RATE_PER_EMAIL,
      perCard: limits.perCard ?? settings.DONATION_RATE_PER_CARD,
      declinesBeforeBlock: limits.declinesBeforeBlock ?? settings.DONATION_DECLINES_BEFORE_BLOCK,
      blockMs: limits.blockMs ?? settings.DONATION_BLOCK_MS,
    },
    reconcileIntervalMs: options.reconcileIntervalMs ?? settings.DONATION_RECONCILE_INTERVAL_MS,
    reconcileLookbackMs: options.reconcileLookbackMs ?? settings.DONATION_RECONCILE_LOOKBACK_MS,
    oxxoValidityHours: options.oxxoValidityHours ?? settings.DONATION_OXXO_VALIDITY_HOURS,
    publicUrl: (options.publicUrl ?? settings.PUBLIC_URL).replace(/\/+$/, ''),
  }
}
