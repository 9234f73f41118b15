import type { CampaignFacts, SiteFacts } from './site-data.ts'

/** Pages the public may find through search engines (besides each campaign), with their title. */
export const publicPages: readonly { path: string; title: string | null }[] = [
  { path: '/', title: null },
  { path: '/about', title: 'Nosotros' },
  { path: '/campaigns', title: 'Campañas' },
  { path: '/notice-of-privacy', title: 'Aviso de privacidad' },
  { path: '/terms-and-conditions', title: 'Términos y condiciones' },
]

/** Screens search engines should not list: password screens, a monthly donor's link, the dashboard and the setup wizard. */
const privateScreen = /^\/(dashboard|configure|forgot-password|recover-password|reset-password|donacion-mensual)(\/|$)/

/**
 * The public remote's entry, for the document of a public route to ask for at once, in parallel
 * with the shell. Not for /configure and /dashboard: whether their remote is used depends on the
 * redirects the shell applies (a configured site sends /configure to /, a visitor /dashboard to
 * /login), and a public route must never download setup or dashboard code.
 */
export function remoteEntryOf(path: string): string | null {
  return /^\/(configure|dashboard)(\/|$)/.test(path) ? null : '/remotes/public/remoteEntry.js'
}

export const themeColor = '#0b5394'
const descriptionMax = 160

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** At most `max` characters, cut at a word and marked with an ellipsis. */
export function shorten(text: string, max = descriptionMax): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, '')}…`
}

/** The description of the site's pages: the mission text, else a sentence with the site's name. */
export function siteDescription(site: SiteFacts): string {
  return shorten(site.mission || `Dona a las campañas de ${site.name}. Tu donación hace la diferencia.`)
}

/** The page a path shows, as far as the head of the document is concerned. */
export type PageKind =
  | { kind: 'public'; path: string; title: string | null }
  | { kind: 'campaign'; path: string; campaign: CampaignFacts }
  | { kind: 'missing-campaign' }
  | { kind: 'other'; private: boolean }

/** The public page of a path (trailing slash ignored), or null. */
export function publicPageOf(path: string): { path: string; title: string | null } | null {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path
  return publicPages.find((page) => page.path === normalised) ?? null
}

export function isPrivateScreen(path: string): boolean {
  return privateScreen.test(path)
}

function pageDescription(page: PageKind, site: SiteFacts): string {
  if (page.kind === 'campaign') return shorten(page.campaign.description)
  if (page.kind === 'public' && page.path === '/campaigns') return shorten(`Conoce las campañas de ${site.name} y dona a la que quieras apoyar.`)
  if (page.kind === 'public' && page.path === '/notice-of-privacy') return `Aviso de privacidad de ${site.name}.`
  if (page.kind === 'public' && page.path === '/terms-and-conditions') return `Términos y condiciones de ${site.name}.`
  return siteDescription(site)
}

function pageTitle(page: PageKind, site: SiteFacts): string {
  if (page.kind === 'campaign') return page.campaign.title
  if (page.kind === 'public' && page.title) return `${page.title} | ${site.name}`
  if (page.kind === 'missing-campaign') return `Campaña no encontrada | ${site.name}`
  return site.name
}

type Tag = readonly [attribute: 'name' | 'property', key: string, value: string]

/**
 * The document's head for one page: title, description, canonical link, Open Graph and Twitter
 * card tags, icons and manifest. Every absolute URL starts with `publicUrl` (PUBLIC_URL), never
 * with the request's Host header.
 */
export function renderHead(template: string, page: PageKind, site: SiteFacts, publicUrl: string, remoteEntry: string | null = remoteEntryOf('/')): string {
  const title = pageTitle(page, site)
  const description = pageDescription(page, site)
  const canonical = page.kind === 'public' || page.kind === 'campaign' ? `${publicUrl}${page.path}` : null
  const imagePath = page.kind === 'campaign' ? page.campaign.thumbnailPath : site.logo?.path ?? null
  const image = imagePath ? `${publicUrl}${imagePath}` : null
  const tags: Tag[] = [
    ['name', 'description', description],
    ...(page.kind === 'other' && page.private ? ([['name', 'robots', 'noindex']] as const) : []),
    ...(page.kind === 'missing-campaign' ? ([['name', 'robots', 'noindex']] as const) : []),
  ]
  if (canonical) {
    tags.push(
      ['property', 'og:site_name', site.name],
      ['property', 'og:type', 'website'],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', canonical],
      ['property', 'og:locale', 'es_MX'],
      ...(image ? ([['property', 'og:image', image]] as const) : []),
      ['name', 'twitter:card', image && page.kind === 'campaign' ? 'summary_large_image' : 'summary'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ...(image ? ([['name', 'twitter:image', image]] as const) : []),
    )
  }
  const iconType = site.logo?.type ?? 'image/png'
  const lines = [
    ...tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`),
    ...(canonical ? [`<link rel="canonical" href="${escapeHtml(canonical)}" />`] : []),
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
