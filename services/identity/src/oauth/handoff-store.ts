import { authUserSchema, type AuthUser } from '@donaciones/contracts'
import { ident } from '@donaciones/kit'
import type { OauthContext } from './context.ts'
import { randomToken, sha256 } from './random.ts'

/** How long the browser has, after the callback, to call /api/oauth/login/check. */
export const handoffTtlSeconds = 120

/**
 * Signed-in users waiting for `GET /api/oauth/login/check`. The browser holds the key (http-only
 * cookie); only its hash is stored, and it can be redeemed once.
 */
export class HandoffStore {
  constructor(private readonly context: OauthContext) {}

  private async table(): Promise<string> {
    return `${ident(this.context.store.schema)}.oauth_handoffs`
  }

  /** Stores the user and returns the key for the cookie. */
  async create(user: AuthUser): Promise<string> {
    const table = await this.table()
    const key = randomToken()
    await this.context.db.query(`delete from ${table} where expires_at < now()`)
    await this.context.db.query(
      `insert into ${table} (key_hash, auth_user, expires_at) values ($1, $2::jsonb, now() + make_interval(secs => $3))`,
      [sha256(key), JSON.stringify(user), handoffTtlSeconds],
    )
    return key
  }

  /** The waiting user, removed in the same statement; null when unknown, used or expired. */
  async redeem(key: string): Promise<AuthUser | null> {
    const table = await this.table()
    const { rows } = await this.context.db.query<{ auth_user: unknown; live: boolean }>(
      `delete from ${table} where key_hash = $1 returning auth_user, expires_at > now() as live`,
      [sha256(key)],
    )
    const row = rows[0]
    return row?.live ? authUserSchema.parse(row.auth_user) : null
  }
}
