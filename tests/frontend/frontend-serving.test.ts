import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, tinyPng, wizardPayload, type TestSite } from '../support/site.ts'
import { campaignPayload, campaignRefs, createCampaign, deactivation } from '../campaign-admin/fixtures.ts'

const page =
  '<!doctype html><html lang="es"><head><meta charset="utf-8" /><meta name="description" content="Texto de la plantilla" /><title>Donaciones</title></head><body><div id="root"></div><script src="/main.js"></script></body></html>'
const publicUrl = 'https://donaciones.example.org'

/** A GET with a Host header of the caller's choosing (fetch does not let one forge it). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host, 'x-forwarded-host': host } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const metaContent = (html: string, attribute: 'name' | 'property', key: string) => new RegExp(`<meta ${attribute}="${key}" content="([^"]*)" />`).exec(html)?.[1]

/** The gateway serving built front ends: cache rules, compression, remotes' 404s and the sharing tags. */
describe('front-end files through the gateway', () => {
  let site: TestSite
  let dir: string
  let slug: string
  let inactiveSlug: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'donaciones-front-'))
    mkdirSync(join(dir, 'remotes/public'), { recursive: true })
    writeFileSync(join(dir, 'index.html'), page)
    writeFileSync(join(dir, 'main.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`)
    writeFileSync(join(dir, '123.abcdef12.js'), 'export {}')
    writeFileSync(join(dir, 'main.css'), 'body { margin: 0 }')
    writeFileSync(join(dir, '123.abcdef12.css'), '.home { padding: 0 }')
    writeFileSync(join(dir, 'remotes/public/remoteEntry.js'), 'var donaciones_public = {}')
    site = await startTestSite({ frontendDir: dir, publicUrl: `${publicUrl}/` })
    const image = await site.upload()
    const setup = await site.api('/api/init', {
      method: 'POST',
      json: await wizardPayload(site, { home: { showCounters: true, content: '<p>Ayudamos a niñas &amp; niños <strong>de la sierra</strong>.</p>', image } }),
    })
    const { token } = (await setup.json()) as { token: string }
    const refs = await campaignRefs(site, token)
    const campaign = await createCampaign(site, token, campaignPayload(refs, { title: 'Útiles <escolares> & "más"', description: 'Mochilas para 30 niños' }))
    slug = campaign.slug
    const inactive = await createCampaign(site, token, campaignPayload(refs, { title: 'Campaña cerrada', description: 'Ya terminó' }))
    inactiveSlug = inactive.slug
    const closed = await site.api(`/api/campaigns/${inactive._id}`, { method: 'PUT', token, json: { payload: { active: false }, historical: deactivation } })
    expect(closed.status).toBe(200)
  })
  afterAll(async () => {
    await site?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${site.platform.url}${path}`, { headers })

  it('answers every client route with the page, revalidated on each visit', async () => {
    for (const path of ['/', '/campaigns', '/configure', '/dashboard/campaign/create']) {
      const response = await get(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(await response.text()).toContain('<div id="root">')
    }
  })

  it('keeps hashed chunks for a year and revalidates the entry files', async () => {
    expect((await get('/123.abcdef12.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await get('/123.abcdef12.css')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await get('/main.js')).headers.get('cache-control')).toBe('no-cache')
    expect((await get('/main.css')).headers.get('cache-control')).toBe('no-cache')
    expect((await get('/remotes/public/remoteEntry.js')).headers.get('cache-control')).toBe('no-cache')
  })

  it('compresses the front end for browsers that accept gzip', async () => {
    const response = await get('/main.js', { 'accept-encoding': 'gzip' })
    expect(response.headers.get('content-encoding')).toBe('gzip')
  })

  it('answers a missing remote file with a 404, never with the page', async () => {
    const response = await get('/remotes/setup/remoteEntry.js')
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('<div id="root">')
  })

  it('fills the Open Graph and Twitter card tags of a campaign link, escaped', async () => {
    const response = await get(`/campaigns/${slug}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<title>Útiles &#60;escolares&#62; &#38; &#34;más&#34;</title>')
    expect(html).toContain('<meta property="og:title" content="Útiles &#60;escolares&#62; &#38; &#34;más&#34;" />')
    expect(html).toContain('<meta property="og:description" content="Mochilas para 30 niños" />')
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/donaciones\.example\.org\/api\/files\/[^"]+\/raw" \/>/)
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(html).not.toContain('<escolares>')
  })

  it("describes a campaign page with the campaign's description, the site's name and absolute URLs from PUBLIC_URL", async () => {
    const html = await (await get(`/campaigns/${slug}`)).text()
    expect(metaContent(html, 'name', 'description')).toBe('Mochilas para 30 niños')
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
    expect(metaContent(html, 'property', 'og:site_name')).toBe('Fundación Ejemplo')
    expect(metaContent(html, 'property', 'og:url')).toBe(`${publicUrl}/campaigns/${slug}`)
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/campaigns/${slug}" />`)
  })

  it('never writes a forged Host header into the absolute URLs of a campaign page', async () => {
    const { status, body } = await getWithHost(`${site.platform.url}/campaigns/${slug}`, 'atacante.example.com')
    expect(status).toBe(200)
    expect(body).not.toContain('atacante.example.com')
    expect(metaContent(body, 'property', 'og:url')).toBe(`${publicUrl}/campaigns/${slug}`)
    expect(metaContent(body, 'property', 'og:image')).toMatch(/^https:\/\/donaciones\.example\.org\/api\/files\//)
  })

  it('answers an unknown or inactive campaign with a 404 page that the front end still renders (its "not found" state)', async () => {
    for (const path of ['/campaigns/no-existe', `/campaigns/${inactiveSlug}`, '/campaigns/%E0%A4%A']) {
      const response = await get(path)
      expect(response.status).toBe(404)
      const html = await response.text()
      expect(html).toContain('<div id="root">')
      expect(html).not.toContain('og:title')
      expect(metaContent(html, 'name', 'robots')).toBe('noindex')
    }
  })

  it("gives the other public pages a title, a description from the site's mission and a canonical link", async () => {
    const expected: [string, string, string][] = [
      ['/', 'Fundación Ejemplo', 'Ayudamos a niñas &#38; niños de la sierra.'],
      ['/about', 'Nosotros | Fundación Ejemplo', 'Ayudamos a niñas &#38; niños de la sierra.'],
      ['/campaigns', 'Campañas | Fundación Ejemplo', 'Conoce las campañas de Fundación Ejemplo y dona a la que quieras apoyar.'],
      ['/notice-of-privacy', 'Aviso de privacidad | Fundación Ejemplo', 'Aviso de privacidad de Fundación Ejemplo.'],
      ['/terms-and-conditions', 'Términos y condiciones | Fundación Ejemplo', 'Términos y condiciones de Fundación Ejemplo.'],
    ]
    for (const [path, title, description] of expected) {
      const html = await (await get(path, { host: 'atacante.example.com' })).text()
      expect(html).toContain(`<title>${title}</title>`)
      expect(metaContent(html, 'name', 'description')).toBe(description)
      expect(html).not.toContain('Texto de la plantilla')
      expect(html).toContain(`<link rel="canonical" href="${publicUrl}${path}" />`)
      expect(metaContent(html, 'property', 'og:site_name')).toBe('Fundación Ejemplo')
      expect(html).not.toContain('noindex')
    }
  })

  it('keeps the password, setup and dashboard screens out of search results, and lets /login be found', async () => {
    expect(await (await get('/login')).text()).not.toContain('noindex')
    for (const path of ['/dashboard', '/dashboard/campaign/create', '/configure', '/reset-password']) {
      const html = await (await get(path)).text()
      expect(metaContent(html, 'name', 'robots')).toBe('noindex')
      expect(html).not.toContain('rel="canonical"')
    }
  })

  it("asks for the public remote's entry in a public route's document, and for no remote elsewhere", async () => {
    for (const path of ['/', '/campaigns/no-existe', '/login']) {
      const html = await (await get(path)).text()
      expect(html).toContain('<link rel="preload" href="/remotes/public/remoteEntry.js" as="script" />')
      expect(html.match(/rel="preload"/g)).toHaveLength(1)
    }
    for (const path of ['/configure', '/dashboard/campaign/list']) expect(await (await get(path)).text()).not.toContain('rel="preload"')
  })

  it('links the icons and the web app manifest from every page', async () => {
    const html = await (await get('/campaigns')).text()
    expect(html).toContain('<link rel="icon" href="/favicon.ico" type="image/png" />')
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" type="image/png" />')
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />')
  })

  it('serves robots.txt as text, keeping crawlers out of the dashboard, the setup and the API, with the absolute sitemap URL', async () => {
    const response = await get('/robots.txt', { host: 'atacante.example.com' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    const lines = (await response.text()).split('\n')
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /dashboard', 'Disallow: /configure', 'Disallow: /api', `Sitemap: ${publicUrl}/sitemap.xml`]))
    expect(lines.every((line) => line === '' || /^(User-agent|Allow|Disallow|Sitemap): \S+$/.test(line))).toBe(true)
  })

  it('lists the public pages and every active campaign in sitemap.xml, with absolute URLs and lastmod', async () => {
    const response = await get('/sitemap.xml', { host: 'atacante.example.com' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
    const xml = await response.text()
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locs).toEqual([
      `${publicUrl}/`,
      `${publicUrl}/about`,
      `${publicUrl}/campaigns`,
      `${publicUrl}/notice-of-privacy`,
      `${publicUrl}/terms-and-conditions`,
      `${publicUrl}/campaigns/${slug}`,
    ])
    expect(xml).toMatch(new RegExp(`<loc>${publicUrl}/campaigns/${slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[^<]+</lastmod>`))
    expect(xml).not.toContain(inactiveSlug)
  })

  it("serves the site's logo as the favicon and the apple-touch icon, as an image", async () => {
    for (const path of ['/favicon.ico', '/apple-touch-icon.png']) {
      const response = await get(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await response.arrayBuffer()).equals(tinyPng)).toBe(true)
    }
  })

  it('serves a web app manifest with the Spanish name of the configuration, icons and the theme colour', async () => {
    const response = await get('/manifest.webmanifest')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
    const manifest = (await response.json()) as { name: string; lang: string; start_url: string; theme_color: string; icons: { src: string; type: string }[] }
    expect(manifest).toMatchObject({ name: 'Fundación Ejemplo', lang: 'es-MX', start_url: '/', theme_color: '#0b5394' })
    expect(manifest.icons).toEqual([{ src: '/apple-touch-icon.png', type: 'image/png', purpose: 'any' }])
  })

  it('answers a missing file-like path with a 404, never with the page', async () => {
    for (const path of ['/favicon.png', '/apple-touch-icon-120x120.png', '/no-existe.js', '/campaigns/foto.jpg', '/ads.txt', '/browserconfig.xml']) {
      const response = await get(path)
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).not.toMatch(/html/)
      expect(await response.text()).not.toContain('<div id="root">')
    }
  })
})

/** Before the setup wizard and before the front ends are built: the files still answer sensibly. */
describe('site files of a site not yet configured', () => {
  let site: TestSite

  beforeAll(async () => {
    site = await startTestSite({ publicUrl })
  })
  afterAll(async () => {
    await site?.stop()
  })

  const get = (path: string) => fetch(`${site.platform.url}${path}`)

  it('serves a default PNG icon, never the HTML page', async () => {
    for (const [path, size] of [['/favicon.ico', 48], ['/apple-touch-icon.png', 180], ['/icons/icon-192.png', 192], ['/icons/icon-512.png', 512]] as const) {
      const response = await get(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/png')
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG')
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([size, size])
    }
  })

  it('names the default icons in the manifest', async () => {
    const manifest = (await (await get('/manifest.webmanifest')).json()) as { name: string; icons: { src: string; sizes: string }[] }
    expect(manifest.name).toBe('Donaciones')
    expect(manifest.icons.map((icon) => [icon.src, icon.sizes])).toEqual([['/icons/icon-192.png', '192x192'], ['/icons/icon-512.png', '512x512']])
  })

  it('serves robots.txt and a sitemap of the public pages', async () => {
    expect(await (await get('/robots.txt')).text()).toContain(`Sitemap: ${publicUrl}/sitemap.xml`)
    const xml = await (await get('/sitemap.xml')).text()
    expect([...xml.matchAll(/<loc>/g)]).toHaveLength(5)
  })

  it('answers a missing file-like path with a 404 even while the placeholder page is served', async () => {
    const response = await get('/no-existe.png')
    expect(response.status).toBe(404)
    expect((await get('/')).status).toBe(200)
  })
})
