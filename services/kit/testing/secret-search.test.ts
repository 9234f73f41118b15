import { describe, expect, it } from 'vitest'
import { secretForms, secretsFoundIn } from './secret-search.ts'

const secret = 'key_priv_conekta_ultrasecreta_3'

describe('secretsFoundIn', () => {
  it('finds a secret written out, in hex of either case, and in base64 or base64url at any alignment', () => {
    const hidden = [
      `{"a":"${secret}"}`,
      Buffer.from(secret).toString('hex'),
      Buffer.from(secret).toString('hex').toUpperCase(),
      ...['', 'x', 'xy', '{"secret":"'].flatMap((prefix) => [
        Buffer.from(`${prefix}${secret}"}`).toString('base64'),
        Buffer.from(`${prefix}${secret}?>`).toString('base64url'),
      ]),
    ]
    for (const text of hidden) expect(secretsFoundIn([`{"copy":"${text}"}`], [secret]), text).toEqual([secret])
  })

  it('finds nothing in answers that do not carry it', () => {
    const clean = [`{"hasSecret":true}`, Buffer.from('otra cosa muy distinta').toString('base64'), Buffer.from(secret.slice(0, 6)).toString('hex')]
    expect(secretsFoundIn(clean, [secret])).toEqual([])
    expect(secretForms(secret).every((form) => form.length >= 8)).toBe(true)
  })
})
