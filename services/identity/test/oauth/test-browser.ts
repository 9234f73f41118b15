/** A minimal browser for tests: a cookie jar (name → value, path ignored) and manual redirects. */
export class TestBrowser {
  readonly cookies = new Map<string, string>()
  /** Every Set-Cookie header seen, for attribute checks. */
  readonly setCookieHeaders: string[] = []

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value)
  }

  private remember(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      this.setCookieHeaders.push(header)
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim())
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator)
      const value = decodeURIComponent(pair.slice(separator + 1))
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.split('=')
        if (key.toLowerCase() === 'max-age') return Number(raw) <= 0
        if (key.toLowerCase() === 'expires') return Date.parse(raw) <= Date.now()
        return false
      })
      if (expired || !value) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ')
    const headers = new Headers(init.headers)
    if (cookie) headers.set('cookie', cookie)
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    this.remember(response)
    return response
  }
}

/** The Location of a redirect, resolved against the request URL; fails the test when it is not a redirect. */
export function locationOf(response: Response, base: string): string {
  const location = response.headers.get('location')
  if (response.status < 300 || response.status >= 400 || !location) {
    throw new Error(`Se esperaba una redirección y llegó ${response.status}`)
  }
  return new URL(location, base).toString()
}
