import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configureSite, startTestSite, type TestSite } from '../support/site.ts'
import { campaignPayload, campaignRefs, createCampaign } from '../campaign-admin/fixtures.ts'

const page = '<!doctype html><html lang="es"><head><title>Donaciones</title></head><body><div id="root"></div><script src="/main.js"></script></body></html>'

/** The gateway serving built front ends: cache rules, compression, remotes' 404s and the sharing tags. */
describe('front-end files through the gateway', () => {
  let site: TestSite
  let dir: string
  let slug: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'donaciones-front-'))
    mkdirSync(join(dir, 'remotes/public'), { recursive: true })
    writeFileSync(join(dir, 'index.html'), page)
    writeFileSync(join(dir, 'main.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`)
    writeFileSync(join(dir, '123.abcdef12.js'), 'export {}')
    writeFileSync(join(dir, 'remotes/public/remoteEntry.js'), 'var donaciones_public = {}')
    site = await startTestSite({ frontendDir: dir })
    const token = await configureSite(site)
    const campaign = await createCampaign(
      site,
      token,
      campaignPayload(await campaignRefs(site, token), { title: 'Útiles <escolares> & "más"', description: 'Mochilas para 30 niños' }),
    )
    slug = campaign.slug
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
    expect((await get('/main.js')).headers.get('cache-control')).toBe('no-cache')
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
    const html = await (await get(`/campaigns/${slug}`)).text()
    expect(html).toContain('<title>Útiles &#60;escolares&#62; &#38; &#34;más&#34;</title>')
    expect(html).toContain('<meta property="og:title" content="Útiles &#60;escolares&#62; &#38; &#34;más&#34;" />')
    expect(html).toContain('<meta property="og:description" content="Mochilas para 30 niños" />')
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/files\/[^"]+\/raw" \/>/)
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(html).not.toContain('<escolares>')
  })

  it('serves the plain page for an unknown campaign', async () => {
    const html = await (await get('/campaigns/no-existe')).text()
    expect(html).toContain('<title>Donaciones</title>')
    expect(html).not.toContain('og:title')
  })
})
