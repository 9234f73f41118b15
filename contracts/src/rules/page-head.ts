/**
 * What the head of a page says (title, description, canonical link, Open Graph and Twitter card
 * tags), written once for the gateway, which fills it into the document of a direct load
 * (gateway/src/page-head.ts), and for the web kit, which sets it on a navigation inside the site
 * (frontends/kit/src/head/). Plain functions without zod: every front end may import them.
 */
import { isPrivateScreen, publicPages } from '../site-routes.ts'

/** The site's name before the setup wizard ran, or when it is empty. */
export const DEFAULT_SITE_NAME = 'Donaciones'


/** A campaign's page, `/campaigns/{slug}` (one segment, trailing slash ignored). */
const campaignPage = /^\/campaigns\/([^/]+)\/?$/

const descriptionMax = 160

/**
 * The meta tag by which every document the gateway serves tells the browser the site's public
 * address (PUBLIC_URL), so that a head set in the browser names the same URLs as the gateway's.
 */
export const PUBLIC_URL_META = 'donaciones:public-url'

/** What the head says about the site. */
export interface HeadSite {
  /** Site name; DEFAULT_SITE_NAME before the setup wizard ran. */
  name: string
  /** Mission text of the home page as plain text; '' when there is none. */
  mission: string
  /** Path of the logo, the pages' sharing image; null without one. */
  logoPath: string | null
}

/** What the head says about a campaign. */
export interface HeadCampaign {
  title: string
  description: string
  thumbnailPath: string | null
}

/** The page a path shows, as far as the head of the document is concerned. */
export type PageKind =
  | { kind: 'public'; path: string; title: string | null }
  | { kind: 'campaign'; path: string; campaign: HeadCampaign }
  | { kind: 'missing-campaign' }
  | { kind: 'other'; private: boolean }

/** A meta tag: its key attribute (`name` or `property`), the key, the content. */
export type HeadTag = readonly [attribute: 'name' | 'property', key: string, value: string]

/** The head of one page. */
export interface PageHead {
  title: string
  description: string
  /** The canonical URL (public pages and campaigns only). */
  canonical: string | null
  /** description, robots, og:* and twitter:* meta tags, in the order the gateway writes them. */
  tags: readonly HeadTag[]
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** Plain text of the sanitised rich HTML the wizard stores: tags dropped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16))
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)))
      return entities[code.toLowerCase()] ?? whole
    })
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?)])/g, '$1')
    .trim()
}

/** The site as GET /api/init tells it: its name, the mission as plain text, the logo. */
export function headSiteOf(init: { configured: false } | { configured: true; settings: { name: string; logo: { path: string } | null }; home: { content: string } }): HeadSite {
  if (!init.configured) return { name: DEFAULT_SITE_NAME, mission: '', logoPath: null }
  return { name: init.settings.name.trim() || DEFAULT_SITE_NAME, mission: plainText(init.home.content), logoPath: init.settings.logo?.path ?? null }
}

/** At most `max` characters, cut at a word and marked with an ellipsis. */
export function shorten(text: string, max = descriptionMax): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, '')}…`
}

/** The description of the site's pages: the mission text, else a sentence with the site's name. */
export function siteDescription(site: Pick<HeadSite, 'name' | 'mission'>): string {
  return shorten(site.mission || `Dona a las campañas de ${site.name}. Tu donación hace la diferencia.`)
}

/** The public page of a path (trailing slash ignored), or null. */
export function publicPageOf(path: string): { path: string; title: string | null } | null {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path
  const page = publicPages.find((candidate) => candidate.path === normalised)
  return page ? { path: page.path, title: page.title } : null
}

/** The slug segment of a campaign page's path as it appears in the URL (still encoded), or null. */
export function campaignSegmentOf(path: string): string | null {
  return campaignPage.exec(path)?.[1] ?? null
}

/**
 * The page of any path but a campaign's, whose head needs the campaign (`{kind: 'campaign', path:
 * '/campaigns/{segment}', campaign}`, or `missing-campaign` when there is none).
 */
export function pageKindOf(path: string): PageKind {
  const publicPage = publicPageOf(path)
  if (publicPage) return { kind: 'public', ...publicPage }
  return { kind: 'other', private: isPrivateScreen(path) }
}

function pageDescription(page: PageKind, site: HeadSite): string {
  if (page.kind === 'campaign') return shorten(page.campaign.description)
  if (page.kind === 'public' && page.path === '/campaigns') return shorten(`Conoce las campañas de ${site.name} y dona a la que quieras apoyar.`)
  if (page.kind === 'public' && page.path === '/notice-of-privacy') return `Aviso de privacidad de ${site.name}.`
  if (page.kind === 'public' && page.path === '/terms-and-conditions') return `Términos y condiciones de ${site.name}.`
  return siteDescription(site)
}

function pageTitle(page: PageKind, site: HeadSite): string {
  if (page.kind === 'campaign') return page.campaign.title
  if (page.kind === 'public' && page.title) return `${page.title} | ${site.name}`
  if (page.kind === 'missing-campaign') return `Campaña no encontrada | ${site.name}`
  return site.name
}

/**
 * The head of one page. Every absolute URL starts with `publicUrl` (the gateway's PUBLIC_URL; in
 * the browser, the site's own address).
 */
export function pageHead(page: PageKind, site: HeadSite, publicUrl: string): PageHead {
  const title = pageTitle(page, site)
  const description = pageDescription(page, site)
  const canonical = page.kind === 'public' || page.kind === 'campaign' ? `${publicUrl}${page.path}` : null
  const imagePath = page.kind === 'campaign' ? page.campaign.thumbnailPath : site.logoPath
  const image = imagePath ? `${publicUrl}${imagePath}` : null
  const tags: HeadTag[] = [
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
  return { title, description, canonical, tags }
}

/** Whether a meta tag is one `pageHead` writes (and so one a navigation replaces). */
export function isPageHeadTag(attribute: 'name' | 'property', key: string): boolean {
  return attribute === 'name' ? key === 'description' || key === 'robots' || key.startsWith('twitter:') : key.startsWith('og:')
}
