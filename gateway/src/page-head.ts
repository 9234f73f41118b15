import { pageHead, PUBLIC_URL_META, remoteOf, type PageKind } from '@donaciones/contracts'
import type { SiteFacts } from './site-data.ts'

// What a page's head says is written once in contracts (rules/page-head.ts), shared with the web
// kit, which sets the same head on a navigation inside the site; here it becomes the document's HTML.

/**
 * The public remote's entry, for the document of a public route to ask for at once, in parallel
 * with the shell. Not for /configure and /dashboard: whether their remote is used depends on the
 * redirects the shell applies (a configured site sends /configure to /, a visitor /dashboard to
 * /login), and a public route must never download setup or dashboard code.
 */
export function remoteEntryOf(path: string): string | null {
  return remoteOf(path) === 'public' ? '/remotes/public/remoteEntry.js' : null
}

export const themeColor = '#0b5394'

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * The document's head for one page: title, description, canonical link, Open Graph and Twitter
 * card tags, icons and manifest, and the public address for the web kit's heads. Every absolute
 * URL starts with `publicUrl` (PUBLIC_URL), never with the request's Host header.
 */
export function renderHead(template: string, page: PageKind, site: SiteFacts, publicUrl: string, remoteEntry: string | null = remoteEntryOf('/')): string {
  const { title, canonical, tags } = pageHead(page, { name: site.name, mission: site.mission, logoPath: site.logo?.path ?? null }, publicUrl)
  const iconType = site.logo?.type ?? 'image/png'
  const lines = [
    ...tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`),
    ...(canonical ? [`<link rel="canonical" href="${escapeHtml(canonical)}" />`] : []),
    `<meta name="${PUBLIC_URL_META}" content="${escapeHtml(publicUrl)}" />`,
    `<link rel="icon" href="/favicon.ico" type="${iconType}" />`,
    `<link rel="apple-touch-icon" href="/apple-touch-icon.png" type="${iconType}" />`,
    '<link rel="manifest" href="/manifest.webmanifest" />',
    ...(remoteEntry ? [`<link rel="preload" href="${remoteEntry}" as="script" />`] : []),
  ]
  const withoutOwnTags = template
    .replace(/\s*<meta\s+name="description"[^>]*>/i, '')
    .replace(/<title>[^<]*<\/title>/i, `<title>${escapeHtml(title)}</title>`)
  return withoutOwnTags.replace('</head>', `    ${lines.join('\n    ')}\n  </head>`)
}
