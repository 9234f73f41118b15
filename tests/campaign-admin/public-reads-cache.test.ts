import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ident } from '@donaciones/kit'
import { json, type TestSite } from '../support/site.ts'
import { campaignPayload, createCampaign, startCampaignSite, update, type CampaignRefs, type CampaignView, type CommentView } from './fixtures.ts'

const publicCacheControl = 'public, max-age=1, stale-while-revalidate=30'

/** Public reads come from memory, at most a second old for other visitors; a change this platform makes shows at once. */
describe('public reads: entity tags, one-second lifetime and freshness after a change', () => {
  let site: TestSite
  let admin = ''
  let member = ''
  let refs: CampaignRefs
  let campaign: CampaignView

  beforeAll(async () => {
    ;({ site, admin, member, refs } = await startCampaignSite('lectora.cache@correo.mx'))
    campaign = await createCampaign(site, admin, campaignPayload(refs))
  }, 180_000)
  afterAll(() => site.stop())

  const page = () => site.api(`/api/public/campaigns/${campaign.slug}`)

  it('answers every public read with an entity tag and a one-second public lifetime', async () => {
    const paths = ['/', '/banner', '/slider', '/scroll/campaigns?page=1', '/search/campaigns?title=a&page=1', `/${campaign.slug}`, `/${campaign.slug}/comments`]
    for (const path of paths) {
      const response = await site.api(`/api/public/campaigns${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe(publicCacheControl)
      expect(response.headers.get('etag'), path).toMatch(/^"[\w-]+"$/)
    }
  })

  it('answers 304 without a body when the visitor already holds the document', async () => {
    const first = await page()
    const etag = first.headers.get('etag') ?? ''
    const again = await site.api(`/api/public/campaigns/${campaign.slug}`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    const other = await site.api(`/api/public/campaigns/${campaign.slug}`, { headers: { 'if-none-match': '"otro"' } })
    expect(other.status).toBe(200)
  })

  it('a missing campaign is still a Spanish 404, never cached as public', async () => {
    const response = await site.api('/api/public/campaigns/no-existe-esta-campana')
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).not.toBe(publicCacheControl)
    expect(await response.json()).toMatchObject({ message: 'Campaña no encontrada' })
  })

  it('a visit and a like are answered with their totals, and the next read shows them at once', async () => {
    const before = await json<CampaignView & { visits: number; likes: number }>(await page())
    const visit = await site.api(`/api/public/campaigns/${campaign.slug}/visit`, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.77' } })
    expect(((await visit.json()) as { total: number }).total).toBe(before.visits + 1)
    const like = await site.api(`/api/public/campaigns/${campaign.slug}/like`, { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.78' } })
    expect(((await like.json()) as { likes: number }).likes).toBe(before.likes + 1)
    expect(await json<CampaignView>(await page())).toMatchObject({ visits: before.visits + 1, likes: before.likes + 1 })
  })

  it('what reaches the data without a change of this process (another replica, another service) shows within a second', async () => {
    await page()
    const title = 'Título escrito por otra réplica'
    const { db, store } = site.platform.runtimes.campaign.context
    await db.query(`update ${ident(store.schema)}.campaigns set title = $1 where id = $2`, [title, campaign._id])
    const changedAt = Date.now()
    // The promise: a read that starts more than a second after the change sees it. Reads that start
    // sooner may answer either; how long each read takes on a busy machine does not matter.
    const late: string[] = []
    while (late.length === 0) {
      const startedAt = Date.now()
      const seen = (await json<CampaignView>(await page())).title
      if (startedAt - changedAt > 1000) late.push(seen)
      else await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(late).toEqual([title])
  })

  it('the commenter sees the comment at once, and it is gone at once when an admin deletes it', async () => {
    const comments = () => site.api(`/api/public/campaigns/${campaign.slug}/comments`)
    await page()
    await comments()
    const posted = await site.api(`/api/campaigns/${campaign._id}/comments`, { method: 'POST', token: member, json: { comment: 'Me encanta', campaign: campaign._id } })
    expect(posted.status).toBe(201)
    const { _id } = await json<CommentView>(posted)
    expect((await json<CommentView[]>(await comments())).map((comment) => comment._id)).toContain(_id)
    expect((await json<CampaignView>(await page())).comments?.map((comment) => comment._id)).toContain(_id)

    expect((await site.api(`/api/comments/${_id}`, { method: 'PUT', token: admin })).status).toBe(200)
    expect((await json<CommentView[]>(await comments())).map((comment) => comment._id)).not.toContain(_id)
    expect((await json<CampaignView>(await page())).comments?.map((comment) => comment._id)).not.toContain(_id)
  })

  it('an admin change to the campaign shows on the public page at once', async () => {
    await page()
    const changed = await site.api(`/api/campaigns/${campaign._id}`, {
      method: 'PUT',
      token: admin,
      json: { payload: campaignPayload(refs, { title: campaign.title, subtitle: 'Subtítulo nuevo' }), historical: update },
    })
    expect(changed.status).toBe(200)
    expect((await json<CampaignView>(await page())).subtitle).toBe('Subtítulo nuevo')
  })

  it('admin reads are not public and carry no public lifetime', async () => {
    const response = await site.api(`/api/campaigns/${campaign._id}`, { token: admin })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).not.toBe(publicCacheControl)
  })
})

/** PUBLIC_CACHE_MAX_AGE_MS=0 and GATEWAY_PUBLIC_COPY_MS=0 (keep nothing): every public read goes to the database. */
describe('public reads with PUBLIC_CACHE_MAX_AGE_MS=0 and GATEWAY_PUBLIC_COPY_MS=0', () => {
  let site: TestSite
  let campaign: CampaignView

  beforeAll(async () => {
    process.env.PUBLIC_CACHE_MAX_AGE_MS = '0'
    process.env.GATEWAY_PUBLIC_COPY_MS = '0'
    try {
      const started = await startCampaignSite()
      site = started.site
      campaign = await createCampaign(site, started.admin, campaignPayload(started.refs))
    } finally {
      delete process.env.PUBLIC_CACHE_MAX_AGE_MS
      delete process.env.GATEWAY_PUBLIC_COPY_MS
    }
  }, 180_000)
  afterAll(() => site.stop())

  it('shows a change written by another process on the very next read, still with an entity tag', async () => {
    const page = () => site.api(`/api/public/campaigns/${campaign.slug}`)
    const first = await page()
    expect(first.headers.get('etag')).toMatch(/^"[\w-]+"$/)
    const title = 'Título escrito por otra réplica'
    const { db, store } = site.platform.runtimes.campaign.context
    await db.query(`update ${ident(store.schema)}.campaigns set title = $1 where id = $2`, [title, campaign._id])
    expect((await json<CampaignView>(await page())).title).toBe(title)
  })
})
