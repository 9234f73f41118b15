// Test support: request helpers, image bytes and a complete wizard payload.
import type { SetupRequestInput } from '@donaciones/contracts'

export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>')

/** Secret values a response must never contain. */
export const SECRETS = {
  productKey: 'PK-producto-ultrasecreto-1',
  smtpPass: 'smtp-contrasena-ultrasecreta-2',
  conektaSecret: 'key_priv_conekta_ultrasecreta_3',
  paypalSecret: 'paypal-secreto-ultrasecreto-4',
  googleSecret: 'google-secreto-ultrasecreto-5',
  adminPassword: 'Abcdefg1!ultra',
}

export interface ApiResponse<T = unknown> {
  status: number
  headers: Headers
  body: T
  text: string
}

export function client(base: string, seen?: string[]) {
  return async function api<T = unknown>(path: string, init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string>; body?: RequestInit['body'] } = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(init.headers ?? {}) }
    if (init.token) headers.authorization = `Bearer ${init.token}`
    if (init.json !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? (init.json === undefined && init.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : init.body !== undefined ? { body: init.body } : {}),
    })
    const text = await response.text()
    seen?.push(text)
    let body: unknown = text
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = text
    }
    return { status: response.status, headers: response.headers, body: body as T, text }
  }
}

export type Api = ReturnType<typeof client>

export function imageForm(bytes: Buffer, name = 'imagen.png', type = 'image/png', field = 'file'): FormData {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name)
  return form
}

export async function upload(api: Api, bytes: Buffer = PNG, token?: string): Promise<string> {
  const response = await api<{ _id: string }>('/api/files', { method: 'POST', body: imageForm(bytes), ...(token ? { token } : {}) })
  if (response.status !== 201) throw new Error(`upload ${response.status} ${response.text}`)
  return response.body._id
}

export function wizardPayload(files: { logo: string; image: string; thumbnail: string }, smtp?: { host: string; port: number }): SetupRequestInput {
  return {
    productKey: SECRETS.productKey,
    settings: { name: 'Fundación Ayuda', logo: files.logo, gratitudeMessage: 'Gracias por tu apoyo' },
    home: { showCounters: true, content: '<p>Nuestra <strong>misión</strong></p><script>alert("misión")</script>', image: files.image },
    contact: { email: 'contacto@ayuda.mx', phone: '+52 55 1234 5678', address: 'Av. Reforma 1, CDMX' },
    mailer: { auth: { user: 'envios@ayuda.mx', pass: SECRETS.smtpPass }, host: smtp?.host ?? 'smtp.ayuda.invalid', port: smtp?.port ?? 587 },
    pages: { terms: '<h2>Términos</h2><p onclick="x()">Texto</p>', notice: '<p>Aviso de <a href="javascript:alert(1)">privacidad</a></p>' },
    providers: { google: true, facebook: false, twitter: false, conekta: true, paypal: false },
    keys: {
      conekta: { client: 'key_pub_conekta', secret: SECRETS.conektaSecret },
      google: { client: 'google-client-id', secret: SECRETS.googleSecret },
      paypal: { client: 'paypal-client-off', secret: SECRETS.paypalSecret },
    },
    urls: { facebook: 'https://facebook.com/ayuda', twitter: '', instagram: '' },
    user: { name: 'Ana', lastName: 'Pérez', email: 'ana@ayuda.mx', password: SECRETS.adminPassword, confirmation: SECRETS.adminPassword, thumbnail: files.thumbnail },
    category: { title: 'Educación', description: 'Campañas de educación' },
    institution: { name: 'Casa Hogar', description: 'Hogar para niñas y niños' },
  }
}

/** Fails when any text contains one of the secret values. */
export function leakedSecrets(texts: readonly string[]): string[] {
  const values = Object.values(SECRETS)
  return texts.flatMap((text) => values.filter((value) => text.includes(value)))
}
