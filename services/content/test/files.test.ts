import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileUploaded, UPLOAD_MAX_BYTES } from '@donaciones/contracts'
import { isEvent } from '@donaciones/kit'
import { client, GIF, imageForm, PNG, SVG, upload, wizardPayload, type Api } from './support/fixtures.ts'
import { startContentHarness, type ContentHarness } from './support/harness.ts'

interface ErrorBody {
  message: string
  description: string
  errors?: { path: string; message: string }[]
}

describe('files: POST /api/files, GET /api/files/{id}, GET /api/files/{id}/raw', () => {
  let harness: ContentHarness
  let api: Api

  beforeAll(async () => {
    harness = await startContentHarness()
    api = client(harness.url)
  })
  afterAll(() => harness.stop())

  it('accepts an image without a session before setup and answers {_id, path}', async () => {
    const response = await api<{ _id: string; path: string }>('/api/files', { method: 'POST', body: imageForm(PNG) })
    expect(response.status).toBe(201)
    expect(response.body).toEqual({ _id: expect.any(String), path: `/api/files/${response.body._id}/raw` })
    const record = await api(`/api/files/${response.body._id}`)
    expect(record.status).toBe(200)
    expect(record.body).toEqual(response.body)
  })

  it('serves the bytes with the detected type, an ETag and long cache headers; 304 when unchanged', async () => {
    // The name and declared type lie; the content decides.
    const created = await api<{ _id: string; path: string }>('/api/files', { method: 'POST', body: imageForm(GIF, 'foto.png', 'image/png') })
    const raw = await fetch(`${harness.url}${created.body.path}`)
    expect(raw.status).toBe(200)
    expect(raw.headers.get('content-type')).toBe('image/gif')
    expect(raw.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(raw.headers.get('x-content-type-options')).toBe('nosniff')
    const etag = raw.headers.get('etag')
    expect(etag).toMatch(/^".+"$/)
    expect(Buffer.from(await raw.arrayBuffer()).equals(GIF)).toBe(true)
    const again = await fetch(`${harness.url}${created.body.path}`, { headers: { 'if-none-match': etag! } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    const other = await fetch(`${harness.url}${created.body.path}`, { headers: { 'if-none-match': '"otra"' } })
    expect(other.status).toBe(200)
  })

  it('records FileUploaded without the bytes', async () => {
    const id = await upload(api)
    const event = (await harness.events()).find((candidate) => isEvent(fileUploaded, candidate) && candidate.data.fileId === id)
    expect(event?.data).toEqual({ fileId: id, path: `/api/files/${id}/raw`, contentType: 'image/png', size: PNG.length, uploadedBy: null })
    expect(event?.metadata.actor).toBeNull()
  })

  it('refuses what is not a jpeg, png, gif or webp image (422, checked by content)', async () => {
    for (const [bytes, name, type] of [
      [SVG, 'logo.svg', 'image/svg+xml'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'foto.png', 'image/png'],
      [Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), 'foto.jpg', 'image/jpeg'],
      [Buffer.from('%PDF-1.4\n%âãÏÓ\n'), 'foto.gif', 'image/gif'],
    ] as const) {
      const response = await api<ErrorBody>('/api/files', { method: 'POST', body: imageForm(bytes, name, type) })
      expect(response.status).toBe(422)
      expect(response.body).toEqual({ message: 'Tipo de archivo no permitido', description: 'Solo se permiten imágenes JPG, PNG, GIF o WEBP' })
    }
  })

  it('refuses more than 5 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES + 10)])
    const response = await api<ErrorBody>('/api/files', { method: 'POST', body: imageForm(big) })
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ message: 'Archivo demasiado grande', description: 'El tamaño máximo permitido es de 5 MB' })
    // Far beyond the limit: refused from the declared length, before reading the body.
    const huge = await api<ErrorBody>('/api/files', { method: 'POST', body: imageForm(Buffer.concat([PNG, Buffer.alloc(8 * 1024 * 1024)])) })
    expect(huge.status).toBe(413)
    expect(huge.body.message).toBe('Archivo demasiado grande')
    expect((await harness.events()).filter((event) => isEvent(fileUploaded, event) && event.data.size > UPLOAD_MAX_BYTES)).toEqual([])
  })

  it('accepts exactly 5 MB', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES - PNG.length)])
    const response = await api('/api/files', { method: 'POST', body: imageForm(exact) })
    expect(response.status).toBe(201)
  })

  it('answers 422 Campo requerido without a file field, and for a non-multipart body', async () => {
    const form = new FormData()
    form.append('otro', new Blob([new Uint8Array(PNG)]), 'a.png')
    const wrongField = await api<ErrorBody>('/api/files', { method: 'POST', body: form })
    expect(wrongField.status).toBe(422)
    expect(wrongField.body.errors).toEqual([{ path: 'file', message: 'Campo requerido' }])
    const json = await api<ErrorBody>('/api/files', { json: { file: 'x' } })
    expect(json.status).toBe(422)
    expect(json.body.errors).toEqual([{ path: 'file', message: 'Campo requerido' }])
  })

  it('answers 404 in Spanish for an unknown file', async () => {
    for (const path of ['/api/files/no-existe', '/api/files/no-existe/raw']) {
      const response = await api<ErrorBody>(path)
      expect(response.status).toBe(404)
      expect(response.body).toEqual({ message: 'Archivo no encontrado', description: 'El archivo solicitado no existe' })
    }
  })

  it('needs a signed-in user once the site is configured (401), any role then', async () => {
    const files = { logo: await upload(api), image: await upload(api), thumbnail: await upload(api) }
    expect((await api('/api/init', { json: wizardPayload(files) })).status).toBe(200)
    const anonymous = await api<ErrorBody>('/api/files', { method: 'POST', body: imageForm(PNG) })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.message).toBe('Sesión requerida')
    const { user, token } = await harness.identity.tokenFor(2)
    const signed = await api<{ _id: string }>('/api/files', { method: 'POST', body: imageForm(PNG), token })
    expect(signed.status).toBe(201)
    const event = (await harness.events()).find((candidate) => isEvent(fileUploaded, candidate) && candidate.data.fileId === signed.body._id)
    expect(event?.metadata.actor).toBe(user._id)
    // Reading stays public (images on public pages).
    expect((await api(`/api/files/${signed.body._id}/raw`)).status).toBe(200)
  })
})
