import type { IncomingMessage } from 'node:http'

/** One cookie from the request header (express does not parse cookies by itself); null when absent or empty. */
export function readCookie(req: Pick<IncomingMessage, 'headers'>, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(separator + 1).trim()) || null
    } catch {
      return null
    }
  }
  return null
}
