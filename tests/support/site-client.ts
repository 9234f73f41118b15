import { tinyPng } from './tiny-png.ts'

export type ApiInit = RequestInit & { token?: string; json?: unknown }

/** What a test does with a running site, wherever it runs: call the API and upload an image. */
export interface SiteClient {
  /** The site's origin (it may change when a test restarts the platform on another port). */
  readonly url: string
  api(path: string, init?: ApiInit): Promise<Response>
  /** Uploads a small PNG and returns its file id. */
  upload(token?: string): Promise<string>
}

export function siteClient(origin: () => string): SiteClient {
  const api: SiteClient['api'] = (path, init = {}) => {
    const { token, json, ...rest } = init
    const headers = new Headers(rest.headers)
    if (token) headers.set('authorization', `Bearer ${token}`)
    if (json !== undefined) headers.set('content-type', 'application/json')
    return fetch(`${origin()}${path}`, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) })
  }
  return {
    get url() {
      return origin()
    },
    api,
    async upload(token) {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(tinyPng)], { type: 'image/png' }), 'imagen.png')
      const response = await api('/api/files', { method: 'POST', body: form, ...(token ? { token } : {}) })
      if (response.status !== 200 && response.status !== 201) throw new Error(`Subida fallida: ${response.status} ${await response.text()}`)
      return ((await response.json()) as { _id: string })._id
    },
  }
}
