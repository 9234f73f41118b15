import { Router, type Request } from 'express'
import {
  campaignCreateRequestSchema,
  campaignUpdateRequestSchema,
  exportRequestSchema,
  idParamsSchema,
  initResponseSchema,
  RECORD_ACTIVATED,
  RECORD_DEACTIVATED,
  RECORD_SAVED,
  RECORD_UPDATED,
  toggleRequestSchema,
  isToggleRequest,
} from '@donaciones/contracts'
import { buildXlsx, callService, notFound, parseInput, requirePermission, sendXlsx, serviceUnavailable, unauthorized, type ServiceContext } from '@donaciones/kit'
import type { CommandContext } from '../commands/catalog-commands.ts'
import { createCampaign, toggleCampaign, updateCampaign } from '../commands/campaign-commands.ts'
import { findCampaignById, listCampaignRows, toFullCampaign, toSummary } from '../projections/campaign-queries.ts'


/**
 * Spec §5: the goal is required only when the card or the wallet provider is enabled. When the
 * configuration cannot be read the request fails (503) rather than dropping the rule.
 */
async function goalRequired(context: ServiceContext): Promise<boolean> {
  const { status, body } = await callService<unknown>(context.directory, 'content', '/api/init')
  const init = initResponseSchema.safeParse(body)
  if (status !== 200 || !init.success) throw serviceUnavailable()
  return init.data.configured ? init.data.providers.conekta || init.data.providers.paypal : false
}

/** Admin campaigns (spec §2.5, §7): list, view, edit view, create, update, (de)activate, export. */
export function campaignAdminRoutes(context: ServiceContext): Router {
  const { store, auth } = context
  const router = Router()
  const command = (req: Request): CommandContext => {
    if (!req.auth) throw unauthorized()
    return { store, actor: req.auth._id, correlationId: req.requestId }
  }
  const campaignRow = async (params: unknown) => {
    const { id } = await parseInput(idParamsSchema, params)
    const row = await findCampaignById(store.db, store.schema, id)
    if (!row) throw notFound('Campaña no encontrada', 'La campaña no existe')
    return row
  }

  router.get('/api/campaigns', auth.required, requirePermission('campaign', 'read'), async (_req, res) => {
    const rows = await listCampaignRows(store.db, store.schema, { onlyActive: false })
    res.json(await Promise.all(rows.map((row) => toSummary(store.db, store.schema, row))))
  })

  router.post('/api/campaigns/export', auth.required, requirePermission('campaign', 'read'), async (req, res) => {
    const { selection } = await parseInput(exportRequestSchema, req.body)
    const rows = await Promise.all((await listCampaignRows(store.db, store.schema, { onlyActive: false, ids: selection })).map((row) => toSummary(store.db, store.schema, row)))
    const workbook = await buildXlsx({
      name: 'Campañas',
      rows,
      columns: [
        { header: 'Título', value: (row) => row.title },
        { header: 'Descripción', value: (row) => row.description },
        { header: 'Categorías', value: (row) => row.categories.map((category) => category.title).join(', ') },
        { header: 'Institución', value: (row) => row.institution?.name ?? 'N/A' },
        { header: 'Meta (MXN)', value: (row) => row.goal },
        { header: 'Duración (días)', value: (row) => row.duration },
        { header: 'Fecha de publicación', value: (row) => row.date },
        { header: 'Me gusta', value: (row) => row.likes },
        { header: 'Visitas', value: (row) => row.visits },
        { header: 'Activo', value: (row) => (row.active ? 'Sí' : 'No') },
      ],
    })
    sendXlsx(res, 'campanas', workbook)
  })

  router.get('/api/campaigns/edit/:id', auth.required, requirePermission('campaign', 'update'), async (req, res) => {
    const summary = await toSummary(store.db, store.schema, await campaignRow(req.params))
    const { likes: _likes, visits: _visits, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = summary
    res.json({
      ...rest,
      categories: summary.categories.map((category) => ({ value: category._id, label: category.title })),
      institution: summary.institution ? { value: summary.institution._id, label: summary.institution.name } : null,
    })
  })

  router.get('/api/campaigns/:id', auth.required, requirePermission('campaign', 'read'), async (req, res) => {
    res.json(await toFullCampaign(store.db, store.schema, await campaignRow(req.params)))
  })

  router.post('/api/campaigns', auth.required, requirePermission('campaign', 'create'), async (req, res) => {
    const input = await parseInput(campaignCreateRequestSchema({ goalRequired: await goalRequired(context) }), req.body)
    const { id } = await createCampaign(command(req), input)
    const row = await findCampaignById(store.db, store.schema, id)
    res.status(201).json({ message: RECORD_SAVED, ...(row ? await toSummary(store.db, store.schema, row) : { _id: id }) })
  })

  router.put('/api/campaigns/:id', auth.required, requirePermission('campaign', 'update'), async (req, res) => {
    const row = await campaignRow(req.params)
    let message: string
    if (isToggleRequest(req.body)) {
      const { payload, historical } = await parseInput(toggleRequestSchema, req.body)
      await toggleCampaign(command(req), row.id, payload.active, historical)
      message = payload.active ? RECORD_ACTIVATED : RECORD_DEACTIVATED
    } else {
      const { payload, historical } = await parseInput(campaignUpdateRequestSchema({ goalRequired: await goalRequired(context) }), req.body)
      await updateCampaign(command(req), row.id, payload, historical)
      message = RECORD_UPDATED
    }
    const updated = await findCampaignById(store.db, store.schema, row.id)
    res.json({ message, ...(updated ? await toSummary(store.db, store.schema, updated) : { _id: row.id }) })
  })

  return router
}
