import type { Express, Request, Response } from 'express'
import { encodePng, type Rgba } from './png.ts'
import { publicPages, shorten, siteDescription } from '@donaciones/contracts'
import { themeColor } from './page-head.ts'
import type { SiteData } from './site-data.ts'

const background: Rgba = [0x0b, 0x53, 0x94, 255]
const white: Rgba = [255, 255, 255, 255]

/** The default icon: a white heart on the site's blue, for a site without a logo. */
export function defaultIcon(size: number): Buffer {
  const scale = size * 0.3
  return encodePng(size, size, (x, y) => {
    const u = (x + 0.5 - size / 2) / scale
    const v = -(y + 0.5 - size * 0.54) / scale
    const inside = (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0
    return inside ? white : background
  })
}

const defaultIcons = new Map<number, Buffer>()
function defaultIconOf(size: number): Buffer {
  let icon = defaultIcons.get(size)
  if (!icon) {
    icon = defaultIcon(size)
    defaultIcons.set(size, icon)
  }
  return icon
}

/** Read-only public API a crawler needs to render the public pages; the rest of /api is not for it. */
const crawlableApi = ['/api/init', '/api/public/', '/api/files/', '/api/counters/']

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...crawlableApi.map((path) => `Allow: ${path}`),
    'Disallow: /dashboard',
    'Disallow: /configure',
    'Disallow: /api',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char)
}

export function sitemapXml(publicUrl: string, campaigns: readonly { slug: string; updatedAt: string }[]): string {
  const newest = campaigns.map((campaign) => campaign.updatedAt).sort().at(-1)
  const entries = [
    ...publicPages.map((page) => ({ loc: `${publicUrl}${page.path}`, lastmod: page.sitemapLastmod === 'newest-campaign' ? newest : undefined })),
    ...campaigns.map((campaign) => ({ loc: `${publicUrl}/campaigns/${encodeURIComponent(campaign.slug)}`, lastmod: campaign.updatedAt })),
  ]
  const urls = entries.map(({ loc, lastmod }) => `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/**
 * robots.txt, sitemap.xml, the web app manifest and the icons (the configured logo, or a default
 * heart): files search engines, browsers and phones ask for by name.
 */
export function serveSiteFiles(app: Express, site: SiteData, publicUrl: string): void {
  app.get('/robots.txt', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=3600')
    res.type('text/plain').send(robotsTxt(publicUrl))
  })

  app.get('/sitemap.xml', async (req, res) => {
    const campaigns = await site.campaigns(req)
    if (!campaigns) {
      res.status(503).type('text').send('Mapa del sitio no disponible, intente más tarde')
      return
    }
    res.setHeader('cache-control', 'public, max-age=300')
    res.type('application/xml').send(sitemapXml(publicUrl, campaigns))
  })

  app.get('/manifest.webmanifest', async (req, res) => {
    const facts = await site.facts(req)
    const icons = facts.logo
      ? [{ src: '/apple-touch-icon.png', type: facts.logo.type, purpose: 'any' }]
      : [192, 512].map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' }))
    res.setHeader('cache-control', 'no-cache')
    res.type('application/manifest+json').send(
      JSON.stringify({
        name: facts.name,
        short_name: shorten(facts.name, 24),
        description: siteDescription(facts),
        lang: 'es-MX',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f5f7fa',
        theme_color: themeColor,
        icons,
      }),
    )
  })

  const sendIcon = async (req: Request, res: Response, size: number) => {
    const logo = await site.logo(req)
    res.setHeader('cache-control', 'public, max-age=300')
    if (logo) res.type(logo.type).send(logo.body)
    else res.type('image/png').send(defaultIconOf(size))
  }
  app.get('/favicon.ico', (req, res) => sendIcon(req, res, 48))
  app.get(['/apple-touch-icon.png', '/apple-touch-icon-precomposed.png'], (req, res) => sendIcon(req, res, 180))
  app.get(/^\/icons\/icon-(192|512)\.png$/, (req, res) => {
    res.setHeader('cache-control', 'public, max-age=86400')
    res.type('image/png').send(defaultIconOf(req.path.includes('512') ? 512 : 192))
  })
}
