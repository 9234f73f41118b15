import type { SimResponse } from './http.ts'

export interface IdempotentResult extends SimResponse {
  replayed: boolean
}

/**
 * Remembers the response produced for an idempotency key (Conekta's `Idempotency-Key`, PayPal's
 * `PayPal-Request-Id`). The in-flight promise is stored before any await, so concurrent requests
 * with one key share a single execution. Responses `keep` rejects (validation errors) are forgotten
 * once settled, so a corrected retry can go through.
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, Promise<SimResponse>>()

  constructor(private readonly keep: (response: SimResponse) => boolean) {}

  async run(key: string | undefined, produce: () => SimResponse | Promise<SimResponse>): Promise<IdempotentResult> {
    if (key === undefined || key === '') return { ...(await produce()), replayed: false }
    const existing = this.entries.get(key)
    if (existing) return { ...(await existing), replayed: true }
    const pending = Promise.resolve().then(produce)
    this.entries.set(key, pending)
    try {
      const response = await pending
      if (!this.keep(response)) this.entries.delete(key)
      return { ...response, replayed: false }
    } catch (error) {
      this.entries.delete(key)
      throw error
    }
  }
}
