import type { PaymentProvider, ProviderFailure, ProviderProblemKind } from '@donaciones/contracts'
import { ident, type SqlDatabase } from '@donaciones/kit'
import { ConektaError } from './conekta-client.ts'
import { PaypalError } from './paypal-client.ts'

/** What a provider's failed call tells about the provider itself (not about the donor's card). */
export type ProviderVerdict =
  /** Our credentials were refused, no answer came, or the provider failed (5xx). */
  | { kind: 'failure'; problem: ProviderProblemKind; reason: string }
  /** The provider answered about the request (a declined card, an unknown order): it works. */
  | { kind: 'answered' }
  /** Not a provider's answer at all (our own error): tells nothing. */
  | { kind: 'unknown' }

function verdictOfStatus(status: number | undefined, message: string): ProviderVerdict {
  if (status === undefined) return { kind: 'failure', problem: 'unreachable', reason: message }
  const reason = `${message} (HTTP ${status})`
  if (status === 401 || status === 403) return { kind: 'failure', problem: 'authentication', reason }
  if (status >= 500) return { kind: 'failure', problem: 'provider-error', reason }
  return { kind: 'answered' }
}

/** A Conekta or PayPal error as a verdict on the provider. */
export function providerVerdictOf(error: unknown): ProviderVerdict {
  if (error instanceof ConektaError || error instanceof PaypalError) return verdictOfStatus(error.status, error.message)
  return { kind: 'unknown' }
}

/** How long a replica takes the providers for healthy after it last cleared their record (a success then costs no statement). */
export const PROVIDER_HEALTH_TTL_MS = 2_000

interface FailureRow {
  provider: PaymentProvider
  kind: ProviderProblemKind
  reason: string
  since: Date | string
  last_at: Date | string
  donations: number
}

const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * The providers' failures at donation time, in the private table `provider_failures` (docs/decisions.md,
 * 'Payment providers' failures at donation time'): one row per provider while its calls fail, with the first failure's time, the number of
 * donation attempts it affected and the last failure's kind and reason; deleted by the next call
 * that works. A success costs a statement only when this replica has not cleared the row within
 * `ttlMs`: another replica's new failure is then cleared by a success at most that much later.
 */
export class ProviderHealth {
  private readonly clearUntil = new Map<PaymentProvider, number>()

  constructor(
    private readonly db: SqlDatabase,
    private readonly schema: string,
    private readonly ttlMs: number = PROVIDER_HEALTH_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private get table(): string {
    return `${ident(this.schema)}.provider_failures`
  }

  /** One more donation attempt failed because of the provider. */
  async failed(provider: PaymentProvider, problem: ProviderProblemKind, reason: string, at: Date = new Date()): Promise<void> {
    this.clearUntil.delete(provider)
    await this.db.query(
      `insert into ${this.table} (provider, kind, reason, since, last_at, donations) values ($1, $2, $3, $4, $4, 1)
       on conflict (provider) do update set kind = excluded.kind, reason = excluded.reason, last_at = excluded.last_at,
         donations = ${this.table}.donations + 1`,
      [provider, problem, reason.slice(0, 500), at.toISOString()],
    )
  }

  /** A call to the provider worked: its failure (if any) is over. `force`: ask the database whatever this replica knows. */
  async worked(provider: PaymentProvider, options: { force?: boolean } = {}): Promise<void> {
    const until = this.clearUntil.get(provider)
    if (!options.force && until !== undefined && until > this.now()) return
    await this.db.query(`delete from ${this.table} where provider = $1`, [provider])
    this.clearUntil.set(provider, this.now() + this.ttlMs)
  }

  async list(): Promise<ProviderFailure[]> {
    const { rows } = await this.db.query<FailureRow>(`select provider, kind, reason, since, last_at, donations from ${this.table} order by provider`)
    return rows.map((row) => ({ provider: row.provider, kind: row.kind, since: iso(row.since), lastAt: iso(row.last_at), donations: Number(row.donations), reason: row.reason }))
  }
}
