import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { ident, type SqlExecutor } from '@donaciones/kit'

/**
 * The links in monthly e-mails: no account needed, so the link itself is the permission. A token
 * names the subscription and the action, signed with HMAC-SHA256 under a key made once and kept in
 * the service's private `provider_keys`. A card link also names the suspension it answers (the
 * stream's version then), so it works once: the new card moves the stream on.
 */
const payloadSchema = z.object({ s: z.string().min(1), a: z.enum(['cancel', 'card']), v: z.number().int().positive().optional() })
export type MonthlyLink = z.infer<typeof payloadSchema>

const keyName = 'monthly-link-key'

async function linkKey(db: SqlExecutor, schema: string): Promise<Buffer> {
  const table = `${ident(schema)}.provider_keys`
  await db.query(`insert into ${table} (name, value) values ($1, $2) on conflict (name) do nothing`, [keyName, randomBytes(32).toString('base64')])
  const { rows } = await db.query<{ value: string }>(`select value from ${table} where name = $1`, [keyName])
  const value = rows[0]?.value
  if (!value) throw new Error('Sin llave para los enlaces de donaciones mensuales')
  return Buffer.from(value, 'base64')
}

function signature(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(body).digest()
}

export async function signMonthlyLink(db: SqlExecutor, schema: string, link: MonthlyLink): Promise<string> {
  const body = Buffer.from(JSON.stringify(link)).toString('base64url')
  return `${body}.${signature(await linkKey(db, schema), body).toString('base64url')}`
}

/** The link's subscription and action, or undefined when the token was not made by us. */
export async function readMonthlyLink(db: SqlExecutor, schema: string, token: string): Promise<MonthlyLink | undefined> {
  const [body, signed, extra] = token.split('.')
  if (!body || !signed || extra !== undefined) return undefined
  const expected = signature(await linkKey(db, schema), body)
  const given = Buffer.from(signed, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** The page a donor's link opens on the public site. */
export function monthlyLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/donacion-mensual?token=${encodeURIComponent(token)}`
}
