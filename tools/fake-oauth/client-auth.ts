import type { Request } from 'express'

export interface ClientCredentials {
  id: string
  secret: string
  method: 'basic' | 'body'
}

/** Client credentials from an HTTP Basic header or from the form body. */
export function clientCredentials(req: Request, form: URLSearchParams): ClientCredentials | null {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon < 0) return null
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)), method: 'basic' }
  }
  const id = form.get('client_id')
  const secret = form.get('client_secret')
  return id && secret ? { id, secret, method: 'body' } : null
}
