import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recentChangeCookie } from '@donaciones/kit'
import { realEngines, uniqueName } from '@donaciones/kit/testing'
import { campaignPayload, campaignRefs, createCampaign, update, type CampaignRefs, type CampaignView, type CommentView } from './campaign-admin/fixtures.ts'
import { startDistributedPlatform, type DistributedPlatform } from './support/distributed-platform.ts'
import { startMailCatcher, type MailCatcher } from './support/mail-catcher.ts'
import { activateAccount, configureSite, createAccount, json, siteClient, type SiteClient } from './support/site.ts'

type PublicCampaign = CampaignView & { visits: number; likes: number }

/** The rule (issue 17): another visitor's read is at most this old. */
const freshnessMs = 1000
/**
 * Well inside the second: a replica that kept a document read just before the change and did not
 * hear of it would answer the old one for about a second, so showing the change before this proves
 * the replica was told (the other replica's commit reaches it through the relay and the bus).
 */
const toldWithinMs = 600

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The campaign service runs twice; each replica is called directly to choose it: A takes the change,
 * B answers the public reads. Gateway and services are separate processes on PostgreSQL and NATS.
 */
describe.runIf(realEngines.databaseUrl && realEngines.natsUrl)('public reads across two campaign replicas (PostgreSQL + NATS JetStream)', () => {
  let platform: DistributedPlatform
  let mail: MailCatcher
  let gateway: SiteClient
  let onA: SiteClient
  let onB: SiteClient
  let admin = ''
  let member = ''
  let refs: CampaignRefs
  let campaign: CampaignView
  let address = 0

  beforeAll(async () => {
    mail = await startMailCatcher()
    platform = await startDistributedPlatform({
      databaseUrl: realEngines.databaseUrl as string,
      natsUrl: realEngines.natsUrl as string,
      prefix: uniqueName('fresh'),
      doubled: ['campaign'],
    })
    gateway = siteClient(() => platform.gatewayUrl)
    const site = { ...gateway, url: platform.gatewayUrl, mail }
    admin = await configureSite(site)
    refs = await campaignRefs(gateway, admin)
    campaign = await createCampaign(gateway, admin, campaignPayload(refs))
    const { provisional } = await createAccount(site, admin, { email: 'comentarista@correo.mx', role: 2 })
    member = await activateAccount(gateway, 'comentarista@correo.mx', provisional)
    const [a, b] = platform.replicas.filter((replica) => replica.service === 'campaign').map((replica) => replica.url)
    if (!a || !b) throw new Error('Faltan las dos réplicas del servicio de campañas')
    onA = siteClient(() => a)
    onB = siteClient(() => b)
  }, 300_000)

  afterAll(async () => {
    await platform?.stop()
    await platform?.removeData()
    await mail?.close()
  })

  const pagePath = () => `/api/public/campaigns/${campaign.slug}`
  const read = async <T>(replica: SiteClient, path: string, headers: Record<string, string> = {}) => json<T>(await replica.api(path, { headers }))
  /** A visitor of an address of their own: one like and one visit count per address. */
  const visitor = () => ({ 'x-forwarded-for': `198.51.100.${(address += 1)}` })

  /**
   * B reads the document fresh (the cookie) and keeps it, so it is the one B would answer for the
   * next second; then `change` runs on A, and B is read (as anyone, no cookie) until `shows` holds.
   * Returns how long after the change's answer B showed it.
   */
  async function shownOnB<T>(path: string, change: () => Promise<void>, shows: (document: T) => boolean): Promise<number> {
    expect(shows(await read<T>(onB, path, { cookie: `${recentChangeCookie}=1` }))).toBe(false)
    await change()
    const changed = Date.now()
    while (!shows(await read<T>(onB, path))) {
      if (Date.now() - changed > freshnessMs) throw new Error(`La réplica B no mostró el cambio en ${freshnessMs} ms`)
      await sleep(20)
    }
    return Date.now() - changed
  }

  it('a like and a visit through replica A show on replica B well within the second', async () => {
    const before = await read<PublicCampaign>(onB, pagePath())
    const liked = await shownOnB<PublicCampaign>(pagePath(), async () => {
      const response = await onA.api(`${pagePath()}/like`, { method: 'POST', headers: visitor() })
      expect(await json<{ likes: number }>(response)).toEqual({ likes: before.likes + 1 })
    }, (page) => page.likes === before.likes + 1)
    const visited = await shownOnB<PublicCampaign>(pagePath(), async () => {
      const response = await onA.api(`${pagePath()}/visit`, { method: 'POST', headers: visitor() })
      expect(await json<{ total: number }>(response)).toEqual({ total: before.visits + 1 })
    }, (page) => page.visits === before.visits + 1)
    expect({ liked, visited }).toEqual({ liked: expect.any(Number) as number, visited: expect.any(Number) as number })
    expect(Math.max(liked, visited)).toBeLessThan(toldWithinMs)
  })

  it("an admin's edit of the campaign through A shows on B's page and in B's list well within the second", async () => {
    const subtitle = 'Subtítulo cambiado en la réplica A'
    const edit = async () => {
      const response = await onA.api(`/api/campaigns/${campaign._id}`, {
        method: 'PUT',
        token: admin,
        json: { payload: campaignPayload(refs, { title: campaign.title, subtitle }), historical: update },
      })
      expect(response.status).toBe(200)
    }
    // The list is read fresh on B too, so that B keeps both documents from before the change.
    await read(onB, '/api/public/campaigns/', { cookie: `${recentChangeCookie}=1` })
    const shown = await shownOnB<PublicCampaign>(pagePath(), edit, (page) => page.subtitle === subtitle)
    expect(shown).toBeLessThan(toldWithinMs)
    const cards = await read<{ slug: string; subtitle?: string | null }[]>(onB, '/api/public/campaigns/')
    expect(cards.find((card) => card.slug === campaign.slug)).toMatchObject({ subtitle })
  })

  it('a comment posted through A, and its deletion by an admin through A, show on B well within the second', async () => {
    const commentsPath = `${pagePath()}/comments`
    let id = ''
    const posted = await shownOnB<CommentView[]>(commentsPath, async () => {
      const response = await onA.api(`/api/campaigns/${campaign._id}/comments`, { method: 'POST', token: member, json: { comment: 'Desde la réplica A', campaign: campaign._id } })
      expect(response.status).toBe(201)
      id = (await json<CommentView>(response))._id
    }, (comments) => comments.some((comment) => comment._id === id))
    const deleted = await shownOnB<CommentView[]>(commentsPath, async () => {
      expect((await onA.api(`/api/comments/${id}`, { method: 'PUT', token: admin })).status).toBe(200)
    }, (comments) => !comments.some((comment) => comment._id === id))
    expect(Math.max(posted, deleted)).toBeLessThan(toldWithinMs)
  })

  it('a like made on replica A, not through the gateway, shows through the gateway within the second, over its copy', async () => {
    // Two reads through the gateway: the second is answered from the copy the first left there.
    const before = await read<PublicCampaign>(gateway, pagePath())
    expect((await read<PublicCampaign>(gateway, pagePath())).likes).toBe(before.likes)
    const response = await onA.api(`${pagePath()}/like`, { method: 'POST', headers: visitor() })
    expect(await json<{ likes: number }>(response)).toEqual({ likes: before.likes + 1 })
    const changed = Date.now()
    while ((await read<PublicCampaign>(gateway, pagePath())).likes !== before.likes + 1) {
      if (Date.now() - changed > freshnessMs) throw new Error(`La pasarela no mostró el cambio en ${freshnessMs} ms`)
      await sleep(20)
    }
    expect(Date.now() - changed).toBeLessThan(freshnessMs)
  })

  it('the visitor who liked sees the like at once on either replica, with the cookie the answer set', async () => {
    for (let round = 0; round < 4; round += 1) {
      // Both replicas keep the page from before the like.
      for (const replica of [onA, onB]) await read(replica, pagePath(), { cookie: `${recentChangeCookie}=1` })
      const answer = await gateway.api(`${pagePath()}/like`, { method: 'POST', headers: visitor() })
      const { likes } = await json<{ likes: number }>(answer)
      const [cookie] = answer.headers.getSetCookie().map((header) => header.split(';')[0] ?? '')
      expect(cookie).toBe(`${recentChangeCookie}=1`)
      const seen = await Promise.all([onA, onB].map(async (replica) => (await read<PublicCampaign>(replica, pagePath(), { cookie: cookie ?? '' })).likes))
      expect(seen).toEqual([likes, likes])
    }
  })

  it('an unchanged document gets 304 with its entity tag on either replica, with or without the cookie', async () => {
    await sleep(freshnessMs)
    const tags = await Promise.all([onA, onB].map(async (replica) => (await replica.api(pagePath())).headers.get('etag') ?? ''))
    expect(tags[0]).toMatch(/^"[\w-]+"$/)
    expect(tags[1]).toBe(tags[0])
    for (const replica of [onA, onB]) {
      for (const headers of [{}, { cookie: `${recentChangeCookie}=1` }] as Record<string, string>[]) {
        const response = await replica.api(pagePath(), { headers: { ...headers, 'if-none-match': tags[0] ?? '' } })
        expect(response.status).toBe(304)
        expect(await response.text()).toBe('')
      }
    }
  })
})
