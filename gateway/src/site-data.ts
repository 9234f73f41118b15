import type { Request } from 'express'
import {
  campaignSchema,
  DEFAULT_SITE_NAME,
  headSiteOf,
  initResponseSchema,
  publicCampaignListResponseSchema,
  type CampaignCard,
  type HeadCampaign,
} from '@donaciones/contracts'

/** What the gateway's pages, sitemap and manifest say about the site (spec §2.4 configuration). */
export interface SiteFacts {
  /** Site name; 'Donaciones' before the setup wizard ran. */
  name: string
  /** Mission text of the home page as plain text; '' when there is none. */
  mission: string
  /** The configured logo, with the content type its file is served with. */
  logo: { path: string; type: string } | null
}

export type CampaignFacts = HeadCampaign

/** Found, known to be missing (the API answered 404), or unknown (the API did not answer). */
export type CampaignLookup = { kind: 'found'; campaign: CampaignFacts } | { kind: 'missing' } | { kind: 'unknown' }

const defaultFacts: SiteFacts = { name: DEFAULT_SITE_NAME, mission: '', logo: null }
const timeoutMs = 2000
/** How long a configured site's facts are reused: the configuration changes rarely, pages load often. */
const factsTtlMs = 5000

/** The public API as the gateway itself answers it, over loopback to the port the request came in on. */
function apiBase(req: Request): string | null {
  const port = req.socket.localPort
  return port ? `http://127.0.0.1:${port}` : null
}

async function getJson(url: string): Promise<{ status: number; body: unknown } | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
    return { status: response.status, body: response.ok ? await response.json() : null }
  } catch {
    return null
  }
}

/** Reads the site's facts, the campaigns and the logo through the public API (cached briefly). */
export function createSiteData() {
  let cached: { facts: SiteFacts; until: number } | null = null

  async function logoType(base: string, path: string): Promise<string | null> {
    try {
      const response = await fetch(`${base}${path}`, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) })
      const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? ''
      return response.ok && type.startsWith('image/') ? type : null
    } catch {
      return null
    }
  }

  return {
    async facts(req: Request): Promise<SiteFacts> {
      if (cached && cached.until > Date.now()) return cached.facts
      const base = apiBase(req)
      const answer = base ? await getJson(`${base}/api/init`) : null
      const parsed = initResponseSchema.safeParse(answer?.body)
      if (!base || !parsed.success || !parsed.data.configured) return defaultFacts
      const { name, mission, logoPath } = headSiteOf(parsed.data)
      const type = logoPath ? await logoType(base, logoPath) : null
      const facts: SiteFacts = { name, mission, logo: logoPath && type ? { path: logoPath, type } : null }
      cached = { facts, until: Date.now() + factsTtlMs }
      return facts
    },

    async campaign(req: Request, slug: string): Promise<CampaignLookup> {
      const base = apiBase(req)
      const answer = base ? await getJson(`${base}/api/public/campaigns/${encodeURIComponent(slug)}`) : null
      if (answer?.status === 404) return { kind: 'missing' }
      const parsed = campaignSchema.pick({ title: true, description: true, thumbnail: true }).safeParse(answer?.body)
      if (!parsed.success) return { kind: 'unknown' }
      const { title, description, thumbnail } = parsed.data
      return { kind: 'found', campaign: { title, description, thumbnailPath: thumbnail?.path ?? null } }
    },

    /** Every active public campaign; null when the API did not answer. */
    async campaigns(req: Request): Promise<CampaignCard[] | null> {
      const base = apiBase(req)
      const answer = base ? await getJson(`${base}/api/public/campaigns/`) : null
      const parsed = publicCampaignListResponseSchema.safeParse(answer?.body)
      return parsed.success ? parsed.data : null
    },

    /** The logo's bytes as the files API serves them; null when there is none or it cannot be read. */
    async logo(req: Request): Promise<{ type: string; body: Buffer } | null> {
      const base = apiBase(req)
      const { logo } = await this.facts(req)
      if (!base || !logo) return null
      try {
        const response = await fetch(`${base}${logo.path}`, { signal: AbortSignal.timeout(timeoutMs) })
        const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? ''
        if (!response.ok || !type.startsWith('image/')) return null
        return { type, body: Buffer.from(await response.arrayBuffer()) }
      } catch {
        return null
      }
    },
  }
}

export type SiteData = ReturnType<typeof createSiteData>
