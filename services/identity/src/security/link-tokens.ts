import { createHash, randomBytes } from 'node:crypto'

/** Only this hash of a mailed link's token is stored; the token itself travels in the link alone. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A random single-use token for a mailed link (recovery, e-mail verification). */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url')
}
