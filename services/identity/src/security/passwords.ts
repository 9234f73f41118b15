import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** scrypt cost parameters; kept with each hash so they can be raised later without breaking old hashes. */
export interface ScryptParams {
  N: number
  r: number
  p: number
  keylen: number
}

export interface PasswordHash {
  salt: string
  hash: string
  params: ScryptParams
}

export const defaultScryptParams: ScryptParams = { N: 16384, r: 8, p: 1, keylen: 64 }

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 128 * params.N * params.r * 2 }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, params.keylen, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/** A fresh per-user salt and the scrypt hash of `password`. */
export async function hashPassword(password: string, params: ScryptParams = defaultScryptParams): Promise<PasswordHash> {
  const salt = randomBytes(16)
  const hash = await derive(password, salt, params)
  return { salt: salt.toString('base64'), hash: hash.toString('base64'), params }
}

const dummy = hashPassword(randomBytes(16).toString('hex'))

/**
 * Constant-time check. Without a stored hash (unknown e-mail) a dummy hash is still computed,
 * so the answer takes as long as for a real account.
 */
export async function verifyPassword(password: string, stored: PasswordHash | undefined): Promise<boolean> {
  const target = stored ?? (await dummy)
  const expected = Buffer.from(target.hash, 'base64')
  const actual = await derive(password, Buffer.from(target.salt, 'base64'), target.params)
  return stored !== undefined && actual.length === expected.length && timingSafeEqual(actual, expected)
}

const LOWER = 'abcdefghijkmnpqrstuvwxyz'
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'
const SYMBOLS = '!#$%&*+-=?@'
const ALL = LOWER + UPPER + DIGITS + SYMBOLS

function pick(alphabet: string): string {
  return alphabet[randomInt(alphabet.length)] as string
}

/** A random 14-character password that meets the strength rule of spec §5 (one of each class, shuffled). */
export function provisionalPassword(length = 14): string {
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)]
  while (chars.length < length) chars.push(pick(ALL))
  for (let index = chars.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1)
    ;[chars[index], chars[other]] = [chars[other] as string, chars[index] as string]
  }
  return chars.join('')
}
