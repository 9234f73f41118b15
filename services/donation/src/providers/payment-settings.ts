import { internalPaymentSettingsResponseSchema, type InternalPaymentSettingsResponse } from '@donaciones/contracts'
import { callServiceOk, type ServiceDirectory } from '@donaciones/kit'

export type PaymentSettings = InternalPaymentSettingsResponse

/** The providers' switches and keys, decrypted by the content service (internal call; never logged). */
export async function loadPaymentSettings(directory: ServiceDirectory, requestId?: string): Promise<PaymentSettings> {
  const body = await callServiceOk<unknown>(directory, 'content', '/internal/configuration/payments', requestId ? { requestId } : {})
  return internalPaymentSettingsResponseSchema.parse(body)
}

/** How long a donation process reuses the payment settings it fetched: a configuration change applies within this time. */
export const PAYMENT_SETTINGS_TTL_MS = 2_000

/**
 * The payment settings kept in this process's memory only, for a short time, so a donation does
 * not ask the content service for them every time (issue 8). Concurrent requests share one fetch;
 * a failed fetch is not kept. The keys stay in memory as they would for the duration of a request.
 */
export class PaymentSettingsCache {
  private cached: { settings: PaymentSettings; until: number } | undefined
  private pending: Promise<PaymentSettings> | undefined

  constructor(
    private readonly load: (requestId?: string) => Promise<PaymentSettings>,
    private readonly ttlMs: number = PAYMENT_SETTINGS_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async get(requestId?: string): Promise<PaymentSettings> {
    if (this.cached && this.now() < this.cached.until) return this.cached.settings
    this.pending ??= this.load(requestId)
      .then((settings) => {
        this.cached = { settings, until: this.now() + this.ttlMs }
        return settings
      })
      .finally(() => {
        this.pending = undefined
      })
    return this.pending
  }
}
