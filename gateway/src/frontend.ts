import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import compression from 'compression'
import express, { type Express, type Request } from 'express'
import { placeholderPage } from './placeholder.ts'

/** Files whose names do not change between builds: always revalidated. */
const UNHASHED = /(^|\/)(index\.html|main\.js|remoteEntry\.js)$/

/**
 * Serves the built front ends (shell at the root, remotes under /remotes/<name>/), with the
 * page's sharing tags filled in for campaign links, or the Spanish placeholder when not built.
 */
export function serveFrontend(app: Express, frontendDir: string | undefined): void {
  const indexFile = frontendDir ? join(frontendDir, 'index.html') : undefined
  if (!frontendDir || !indexFile || !existsSync(indexFile)) {
    app.get(/.*/, (_req, res) => {
      res.type('html').send(placeholderPage)
    })
    return
  }
  // Mounted after the API routes: only the front end's files and page are compressed here.
  app.use(compression())
  app.use(
    express.static(frontendDir, {
      index: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', UNHASHED.test(path.replaceAll('\\', '/')) ? 'no-cache' : 'public, max-age=31536000, immutable')
      },
    }),
  )
  // A missing file under /remotes/ is a 404, never the page: a broken remote must fail visibly.
  app.get(/^\/remotes\//, (_req, res) => {
    res.status(404).type('text').send('Archivo no encontrado')
  })
  app.get(/.*/, async (req, res) => {
    const page = readFileSync(indexFile, 'utf8')
    res.setHeader('cache-control', 'no-cache')
    res.type('html').send(await withSharingTags(page, req))
  })
}

interface CampaignPreview {
  title: string
  description: string
  thumbnail?: { path: string } | null
}

/** Open Graph and Twitter card tags for /campaigns/{slug}, read from the public campaign API. */
async function withSharingTags(page: string, req: Request): Promise<string> {
  const match = /^\/campaigns\/([^/]+)\/?$/.exec(req.path)
  if (!match?.[1]) return page
  const campaign = await fetchCampaign(req, match[1])
  if (!campaign) return page
  const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`
  const url = `${origin}${req.path}`
  const image = campaign.thumbnail?.path ? `${origin}${campaign.thumbnail.path}` : undefined
  const tags = [
    ['property', 'og:type', 'website'],
    ['property', 'og:title', campaign.title],
    ['property', 'og:description', campaign.description],
    ['property', 'og:url', url],
    ['property', 'og:locale', 'es_MX'],
    ...(image ? [['property', 'og:image', image]] : []),
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', campaign.title],
    ['name', 'twitter:description', campaign.description],
    ...(image ? [['name', 'twitter:image', image]] : []),
  ]
  const html = tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value ?? '')}" />`).join('\n    ')
  return page
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(campaign.title)}</title>`)
    .replace('</head>', `    ${html}\n  </head>`)
}

async function fetchCampaign(req: Request, slug: string): Promise<CampaignPreview | null> {
  const port = req.socket.localPort
  if (!port) return null
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/public/campaigns/${encodeURIComponent(slug)}`, {
      signal: AbortSignal.timeout(2000),
    })
    if (!response.ok) return null
    const body = (await response.json()) as Partial<CampaignPreview>
    return typeof body.title === 'string' && typeof body.description === 'string' ? (body as CampaignPreview) : null
  } catch {
    return null
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
