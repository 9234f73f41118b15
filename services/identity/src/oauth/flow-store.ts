import type { SocialProvider } from '@donaciones/contracts'
import { ident } from '@donaciones/kit'
import type { OauthContext } from './context.ts'

/** How long a started sign-in may take to come back. */
export const flowTtlSeconds = 600

export interface PendingFlow {
  state: string
  provider: SocialProvider
  codeVerifier: string | null
}

/** Started sign-ins: state and PKCE verifier, 10 minutes, single use. */
export class FlowStore {
  constructor(private readonly context: OauthContext) {}

  private async table(): Promise<string> {
    return `${ident(this.context.store.schema)}.oauth_flows`
  }

  async save(flow: PendingFlow): Promise<void> {
    const table = await this.table()
    await this.context.db.query(`delete from ${table} where expires_at < now()`)
    await this.context.db.query(
      `insert into ${table} (state, provider, code_verifier, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
      [flow.state, flow.provider, flow.codeVerifier, flowTtlSeconds],
    )
  }

  /** Takes the flow out (whatever the outcome, a state works once); null when unknown, expired or of another provider. */
  async consume(state: string, provider: SocialProvider): Promise<PendingFlow | null> {
    const table = await this.table()
    const { rows } = await this.context.db.query<{ provider: SocialProvider; code_verifier: string | null; live: boolean }>(
      `delete from ${table} where state = $1 returning provider, code_verifier, expires_at > now() as live`,
      [state],
    )
    const row = rows[0]
    if (!row || !row.live || row.provider !== provider) return null
    return { state, provider, codeVerifier: row.code_verifier }
  }
}
