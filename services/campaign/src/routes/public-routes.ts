import { Router } from 'express'
import { campaignScrollQuerySchema, campaignSearchQuerySchema, slugParamsSchema } from '@donaciones/contracts'
import { notFound, withValidation, type ServiceContext } from '@donaciones/kit'
import { activeCampaignId, recordCampaignLike, recordCampaignVisit } from '../commands/engagement.ts'
import { findCampaignBySlug, publicCards, publicPage } from '../projections/campaign-queries.ts'
import { findPublicCampaign } from '../projections/public-campaign.ts'
import { campaignComments } from '../projections/comments.ts'

const campaignNotFound = () => notFound('Campaña no encontrada', 'La campaña no existe o ya no está disponible')

/** The public campaign API: no token needed, only active campaigns (spec §7 "Public campaigns"). */
export function publicCampaignRoutes({ store, auth }: ServiceContext): Router {
  const router = Router()
  const base = '/api/public/campaigns'
  const bySlug = { params: slugParamsSchema }
  const activeCampaign = async (slug: string) => {
    const row = await findCampaignBySlug(store.db, store.schema, slug, true)
    if (!row) throw campaignNotFound()
    return row
  }

  router.get(`${base}/`, async (_req, res) => {
    res.json(await publicCards(store.db, store.schema))
  })
  router.get(`${base}/banner`, async (_req, res) => {
    res.json(await publicCards(store.db, store.schema, 5))
  })
  router.get(`${base}/slider`, async (_req, res) => {
    res.json(await publicCards(store.db, store.schema, 12))
  })
  router.get(`${base}/scroll/campaigns`, withValidation({ query: campaignScrollQuerySchema }, async ({ query: { page } }, _req, res) => {
    res.json(await publicPage(store.db, store.schema, page))
  }))
  router.get(`${base}/search/campaigns`, withValidation({ query: campaignSearchQuerySchema }, async ({ query: { page, title } }, _req, res) => {
    res.json({ ...(await publicPage(store.db, store.schema, page, title)), searchValue: title })
  }))
  router.get(`${base}/:slug`, withValidation(bySlug, async ({ params: { slug } }, _req, res) => {
    const campaign = await findPublicCampaign(store.db, store.schema, slug)
    if (!campaign) throw campaignNotFound()
    res.json(campaign)
  }))
  router.get(`${base}/:slug/comments`, withValidation(bySlug, async ({ params: { slug } }, _req, res) => {
    const row = await activeCampaign(slug)
    res.json(await campaignComments(store.db, store.schema, row.id))
  }))
  const engagedCampaignId = async (slug: string) => {
    const id = await activeCampaignId(store.db, store.schema, slug)
    if (!id) throw campaignNotFound()
    return id
  }
  router.post(`${base}/:slug/visit`, withValidation(bySlug, async ({ params: { slug } }, req, res) => {
    const campaignId = await engagedCampaignId(slug)
    res.json({ total: await recordCampaignVisit(store, campaignId, req.ip ?? 'desconocida', req.requestId) })
  }))
  router.post(`${base}/:slug/like`, auth.optional, withValidation(bySlug, async ({ params: { slug } }, req, res) => {
    const campaignId = await engagedCampaignId(slug)
    const clientKey = req.auth ? `user:${req.auth._id}` : `ip:${req.ip ?? 'desconocida'}`
    res.json({ likes: await recordCampaignLike(store, campaignId, clientKey, req.auth?._id ?? null, req.requestId) })
  }))
  return router
}
