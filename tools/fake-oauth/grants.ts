import { randomBytes, timingSafeEqual } from 'node:crypto'
import { s256 } from './pkce.ts'
import type { FakeProvider, FakeUser } from './types.ts'

interface CodeGrant {
  provider: FakeProvider
  clientId: string
  redirectUri: string
  challenge: string | null
  user: FakeUser
  expiresAt: number
  used: boolean
}

export interface AccessGrant {
  provider: FakeProvider
  clientId: string
  user: FakeUser
}

export interface Redemption {
  provider: FakeProvider
  code: string
  clientId: string
  redirectUri: string
  verifier: string | null
}

/** Why a code was refused; the fake records these so tests can tell which check fired. */
export type RefusalReason = 'unknown_code' | 'code_reused' | 'code_expired' | 'client_mismatch' | 'redirect_mismatch' | 'pkce'

function same(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Authorization codes (single use, short-lived, bound to client, redirect URI and PKCE challenge) and access tokens. */
export class Grants {
  private readonly codes = new Map<string, CodeGrant>()
  private readonly tokens = new Map<string, AccessGrant>()

  constructor(private readonly codeTtlMs: number) {}

  issueCode(grant: Omit<CodeGrant, 'expiresAt' | 'used'>): string {
    const code = randomBytes(24).toString('base64url')
    this.codes.set(code, { ...grant, expiresAt: Date.now() + this.codeTtlMs, used: false })
    return code
  }

  /** Redeems a code for an access token, or says why not. */
  redeem(request: Redemption): { token: string; grant: AccessGrant } | { refused: RefusalReason } {
    const grant = this.codes.get(request.code)
    if (!grant || grant.provider !== request.provider) return { refused: 'unknown_code' }
    if (grant.used) return { refused: 'code_reused' }
    grant.used = true
    if (grant.expiresAt < Date.now()) return { refused: 'code_expired' }
    if (grant.clientId !== request.clientId) return { refused: 'client_mismatch' }
    if (grant.redirectUri !== request.redirectUri) return { refused: 'redirect_mismatch' }
    if (grant.challenge !== null && (request.verifier === null || !same(s256(request.verifier), grant.challenge))) return { refused: 'pkce' }
    const token = randomBytes(24).toString('base64url')
    const access: AccessGrant = { provider: grant.provider, clientId: grant.clientId, user: grant.user }
    this.tokens.set(token, access)
    return { token, grant: access }
  }

  accessFor(provider: FakeProvider, authorization: string | undefined): AccessGrant | undefined {
    const match = /^Bearer (.+)$/.exec(authorization ?? '')
    const grant = match?.[1] ? this.tokens.get(match[1]) : undefined
    return grant?.provider === provider ? grant : undefined
  }
}
