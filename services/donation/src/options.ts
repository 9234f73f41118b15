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
  /** How far back the scheduled reconciliation looks (default 3 days). */
  reconcileLookbackMs?: number
  /** Hours an OXXO voucher stays payable (default 72). */
  oxxoValidityHours?: number
}

export interface ResolvedOptions {
  conektaApiUrl: string
  paypalApiUrl: string
  paypalWebhookId: string
  rateLimits: RateLimitOptions
  reconcileIntervalMs: number
  reconcileLookbackMs: number
  oxxoValidityHours: number
}

function envNumber(name: string): number | undefined {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === '') return undefined
  const value = Number(raw)
  return Number.isFinite(value) ? value : undefined
}

/** Options win over the environment; the environment is read when the service starts (tests set it first). */
export function resolveOptions(options: DonationServiceOptions = {}): ResolvedOptions {
  const limits = options.rateLimits ?? {}
  return {
    conektaApiUrl: (options.conektaApiUrl ?? process.env.CONEKTA_API_URL ?? 'https://api.conekta.io').replace(/\/+$/, ''),
    paypalApiUrl: (options.paypalApiUrl ?? process.env.PAYPAL_API_URL ?? 'https://api-m.paypal.com').replace(/\/+$/, ''),
    paypalWebhookId: options.paypalWebhookId ?? process.env.PAYPAL_WEBHOOK_ID ?? '',
    rateLimits: {
      windowMs: limits.windowMs ?? envNumber('DONATION_RATE_WINDOW_MS') ?? 10 * 60_000,
      perAddress: limits.perAddress ?? envNumber('DONATION_RATE_PER_ADDRESS') ?? 30,
      perEmail: limits.perEmail ?? envNumber('DONATION_RATE_PER_EMAIL') ?? 10,
      perCard: limits.perCard ?? envNumber('DONATION_RATE_PER_CARD') ?? 5,
      declinesBeforeBlock: limits.declinesBeforeBlock ?? envNumber('DONATION_DECLINES_BEFORE_BLOCK') ?? 5,
      blockMs: limits.blockMs ?? envNumber('DONATION_BLOCK_MS') ?? 30 * 60_000,
    },
    reconcileIntervalMs: options.reconcileIntervalMs ?? envNumber('DONATION_RECONCILE_INTERVAL_MS') ?? 15 * 60_000,
    reconcileLookbackMs: options.reconcileLookbackMs ?? envNumber('DONATION_RECONCILE_LOOKBACK_MS') ?? 3 * 24 * 3_600_000,
    oxxoValidityHours: options.oxxoValidityHours ?? envNumber('DONATION_OXXO_VALIDITY_HOURS') ?? 72,
  }
}
