import { Router, type Request, type Response } from 'express'
import { campaignScrollQuerySchema, campaignSearchQuerySchema, slugParamsSchema } from '@donaciones/contracts'
import { notFound, publicCacheFor, withValidation, type ServiceContext } from '@donaciones/kit'
import { engagementRecorder } from '../commands/engagement.ts'
import { findCampaignBySlug, publicCards, publicPage } from '../projections/campaign-queries.ts'
import { findPublicCampaign } from '../projections/public-campaign.ts'
import { campaignComments } from '../projections/comments.ts'

const campaignNotFound = () => notFound('Campaña no encontrada', 'La campaña no existe o ya no está disponible')

/**
 * The public campaign API: no token needed, only active campaigns (spec §7 "Public campaigns").
 * Every read is served from memory (decisions 78, 79): the service's change feed drops the kept
 * documents when this process commits and, a moment later, when another replica does; another
 * service's events applied by another replica, and time, show within a second. A visitor who has
 * just changed something is read fresh.
 */
export function publicCampaignRoutes({ store, changes, auth, settings }: ServiceContext): Router {
  const router = Router()
  const base = '/api/public/campaigns'
  const bySlug = { params: slugParamsSchema }
  const cache = publicCacheFor(changes, { maxAgeMs: settings.PUBLIC_CACHE_MAX_AGE_MS })
  const serve = (req: Request, res: Response, key: string, load: () => Promise<unknown>) => cache.send(req, res, key, load, campaignNotFound)
  const activeCampaignComments = async (slug: string) => {
    const row = await findCampaignBySlug(store.db, store.schema, slug, true)
    return row ? campaignComments(store.db, store.schema, row.id) : undefined
  }

  router.get(`${base}/`, async (req, res) => {
    await serve(req, res, 'cards', () => publicCards(store.db, store.schema))
  })
  router.get(`${base}/banner`, async (req, res) => {
    await serve(req, res, 'banner', () => publicCards(store.db, store.schema, 5))
  })
  router.get(`${base}/slider`, async (req, res) => {
    await serve(req, res, 'slider', () => publicCards(store.db, store.schema, 12))
  })
  router.get(`${base}/scroll/campaigns`, withValidation({ query: campaignScrollQuerySchema }, async ({ query: { page } }, req, res) => {
    await serve(req, res, `scroll:${page}`, () => publicPage(store.db, store.schema, page))
  }))
  router.get(`${base}/search/campaigns`, withValidation({ query: campaignSearchQuerySchema }, async ({ query: { page, title } }, req, res) => {
    await serve(req, res, `search:${page}:${title}`, async () => ({ ...(await publicPage(store.db, store.schema, page, title)), searchValue: title }))
  }))
  router.get(`${base}/:slug`, withValidation(bySlug, async ({ params: { slug } }, req, res) => {
    await serve(req, res, `campaign:${slug}`, () => findPublicCampaign(store.db, store.schema, slug))
  }))
  router.get(`${base}/:slug/comments`, withValidation(bySlug, async ({ params: { slug } }, req, res) => {
    await serve(req, res, `comments:${slug}`, () => activeCampaignComments(slug))
  }))
  const engagement = engagementRecorder(store, campaignNotFound)
  router.post(`${base}/:slug/visit`, withValidation(bySlug, async ({ params: { slug } }, req, res) => {
    res.json({ total: await engagement.visit(slug, req.ip ?? 'desconocida', req.requestId) })
  }))
  router.post(`${base}/:slug/like`, auth.optional, withValidation(bySlug, async ({ params: { slug } }, req, res) => {
    const clientKey = req.auth ? `user:${req.auth._id}` : `ip:${req.ip ?? 'desconocida'}`
    res.json({ likes: await engagement.like(slug, clientKey, req.auth?._id ?? null, req.requestId) })
  }))
  return router
}
