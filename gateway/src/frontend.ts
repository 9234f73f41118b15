import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import compression from 'compression'
import express, { type Express, type Request } from 'express'
import { campaignSegmentOf, pageKindOf, type PageKind } from '@donaciones/contracts'
import { remoteEntryOf, renderHead } from './page-head.ts'
import { placeholderPage } from './placeholder.ts'
import { createSiteData, type SiteData } from './site-data.ts'
import { serveSiteFiles } from './site-files.ts'

/** Files whose names do not change between builds: always revalidated. */
const UNHASHED = /(^|\/)(index\.html|(main|remoteEntry)\.(js|css))$/

/** A request for a file (by its extension) that no route served: a 404, never the page. */
const ASSET_LIKE = /\.(ico|png|jpe?g|gif|webp|svg|avif|bmp|js|mjs|cjs|css|map|json|webmanifest|txt|xml|woff2?|ttf|otf|eot|wasm|pdf|zip)$/i

/**
 * Serves the built front ends (shell at the root, remotes under /remotes/<name>/) with each page's
 * head filled in (title, description, canonical and sharing tags), the files crawlers and browsers
 * ask for by name (robots.txt, sitemap.xml, manifest, icons), or the Spanish placeholder when not built.
 */
export function serveFrontend(app: Express, frontendDir: string | undefined, publicUrl: string): void {
  const site = createSiteData()
  serveSiteFiles(app, site, publicUrl)
  const indexFile = frontendDir ? join(frontendDir, 'index.html') : undefined
  if (!frontendDir || !indexFile || !existsSync(indexFile)) {
    app.get(/.*/, (req, res) => {
      if (ASSET_LIKE.test(req.path)) res.status(404).type('text').send('Archivo no encontrado')
      else res.type('html').send(placeholderPage)
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
  // A missing file under /remotes/ (or any missing file) is a 404, never the page: a broken remote must fail visibly.
  app.get(/.*/, (req, res, next) => {
    if (req.path.startsWith('/remotes/') || ASSET_LIKE.test(req.path)) res.status(404).type('text').send('Archivo no encontrado')
    else next()
  })
  app.get(/.*/, async (req, res) => {
    const template = readFileSync(indexFile, 'utf8')
    const [page, facts] = await Promise.all([pageOf(req, site), site.facts(req)])
    res.setHeader('cache-control', 'no-cache')
    // An unknown campaign is a 404 for crawlers; the page still shows its Spanish "not found" state.
    res.status(page.kind === 'missing-campaign' ? 404 : 200)
    res.type('html').send(renderHead(template, page, facts, publicUrl, remoteEntryOf(req.path)))
  })
}

async function pageOf(req: Request, site: SiteData): Promise<PageKind> {
  const segment = campaignSegmentOf(req.path)
  if (segment) {
    const slug = safeDecode(segment)
    if (slug === null) return { kind: 'missing-campaign' }
    const lookup = await site.campaign(req, slug)
    if (lookup.kind === 'found') return { kind: 'campaign', path: `/campaigns/${segment}`, campaign: lookup.campaign }
    if (lookup.kind === 'missing') return { kind: 'missing-campaign' }
    return { kind: 'other', private: false }
  }
  return pageKindOf(req.path)
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}
