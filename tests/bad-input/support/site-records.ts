import { randomUUID } from 'node:crypto'
import { campaignPayload, campaignRefs, createCampaign, type CampaignRefs } from '../../campaign-admin/fixtures.ts'
import { adminCredentials, configureSite, json, startTestSite, type SiteEngine, type TestSite } from '../../support/site.ts'

/** Real records, so that invalid bodies reach validation instead of stopping at 404. */
export interface SiteRecords {
  adminId: string
  adminToken: string
  refs: CampaignRefs
  campaignId: string
  campaignSlug: string
  pageId: string
  pageName: string
  configurationId: string
  fileId: string
}

export interface BadInputSite {
  site: TestSite
  records: SiteRecords
}

/** A configured site with one record of each kind the routes take an id of. */
export async function startBadInputSite(engine?: SiteEngine): Promise<BadInputSite> {
  const site = await startTestSite({ engine })
  const adminToken = await configureSite(site)
  const refs = await campaignRefs(site, adminToken)
  const campaign = await createCampaign(site, adminToken, campaignPayload(refs))
  const admins = await json<{ _id: string; email: string }[]>(await site.api('/api/users/admin', { token: adminToken }))
  const adminId = admins.find((user) => user.email === adminCredentials.email)?._id
  const pages = await json<{ _id: string; name: string }[]>(await site.api('/api/pages', { token: adminToken }))
  const configuration = await json<{ _id: string }>(await site.api('/api/configuration/edit', { token: adminToken }))
  if (!adminId || !pages[0] || !configuration._id) throw new Error('Faltan registros de prueba')
  return {
    site,
    records: {
      adminId,
      adminToken,
      refs,
      campaignId: campaign._id,
      campaignSlug: campaign.slug,
      pageId: pages[0]._id,
      pageName: pages[0].name,
      configurationId: configuration._id,
      fileId: refs.thumbnail,
    },
  }
}

/** The real value of a path parameter of `path`, or an id nothing has (donations, comments). */
export function realParam(records: SiteRecords, path: string, param: string): string {
  switch (param) {
    case 'slug':
      return records.campaignSlug
    case 'name':
      return path.startsWith('/api/counters') ? 'visits' : records.pageName
    case 'provider':
      return 'google'
    case 'id':
      break
    default:
      return randomUUID()
  }
  if (path.startsWith('/api/users') || path.startsWith('/api/auth/logout') || path.startsWith('/api/historical/user')) return records.adminId
  if (path.startsWith('/api/institutions')) return records.refs.institution.value
  if (path.startsWith('/api/categories')) return records.refs.category.value
  if (path.startsWith('/api/campaigns')) return records.campaignId
  if (path.startsWith('/api/pages')) return records.pageId
  if (path.startsWith('/api/configuration')) return records.configurationId
  if (path.startsWith('/api/files')) return records.fileId
  return randomUUID()
}
