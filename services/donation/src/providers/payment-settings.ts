import { internalPaymentSettingsResponseSchema, type InternalPaymentSettingsResponse } from '@donaciones/contracts'
import { callServiceOk, type ServiceDirectory } from '@donaciones/kit'
import { KeptAnswers } from '../kept-answers.ts'

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
  private readonly kept: KeptAnswers<'settings', PaymentSettings>

  constructor(
    private readonly load: (requestId?: string) => Promise<PaymentSettings>,
    ttlMs: number = PAYMENT_SETTINGS_TTL_MS,
    now: () => number = Date.now,
  ) {
    this.kept = new KeptAnswers<'settings', PaymentSettings>({ ttlMs, now })
  }

  get(requestId?: string): Promise<PaymentSettings> {
    return this.kept.get('settings', () => this.load(requestId))
  }
}
