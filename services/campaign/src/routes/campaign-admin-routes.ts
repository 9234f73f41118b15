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
import { callService, notFound, requirePermission, serviceUnavailable, unauthorized, withValidation, type ServiceContext } from '@donaciones/kit'
import { buildXlsx, sendXlsx } from '@donaciones/xlsx'
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
  const campaignRow = async (id: string) => {
    const row = await findCampaignById(store.db, store.schema, id)
    if (!row) throw notFound('Campaña no encontrada', 'La campaña no existe')
    return row
  }

  router.get('/api/campaigns', auth.required, requirePermission('campaign', 'read'), async (_req, res) => {
    const rows = await listCampaignRows(store.db, store.schema, { onlyActive: false })
    res.json(await Promise.all(rows.map((row) => toSummary(store.db, store.schema, row))))
  })

  router.post('/api/campaigns/export', auth.required, requirePermission('campaign', 'read'), withValidation({ body: exportRequestSchema }, async ({ body: { selection } }, _req, res) => {
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
        { header: 'Fecha de publicación', value: (row) => row.date, type: 'date' },
        { header: 'Me gusta', value: (row) => row.likes },
        { header: 'Visitas', value: (row) => row.visits },
        { header: 'Activo', value: (row) => (row.active ? 'Sí' : 'No') },
      ],
    })
    sendXlsx(res, 'campanas', workbook)
  }))

  router.get('/api/campaigns/edit/:id', auth.required, requirePermission('campaign', 'update'), withValidation({ params: idParamsSchema }, async ({ params }, _req, res) => {
    const summary = await toSummary(store.db, store.schema, await campaignRow(params.id))
    const { likes: _likes, visits: _visits, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = summary
    res.json({
      ...rest,
      categories: summary.categories.map((category) => ({ value: category._id, label: category.title })),
      institution: summary.institution ? { value: summary.institution._id, label: summary.institution.name } : null,
    })
  }))

  router.get('/api/campaigns/:id', auth.required, requirePermission('campaign', 'read'), withValidation({ params: idParamsSchema }, async ({ params }, _req, res) => {
    res.json(await toFullCampaign(store.db, store.schema, await campaignRow(params.id)))
  }))

  const createBody = async () => campaignCreateRequestSchema({ goalRequired: await goalRequired(context) })
  router.post('/api/campaigns', auth.required, requirePermission('campaign', 'create'), withValidation({ body: createBody }, async ({ body }, req, res) => {
    const { id } = await createCampaign(command(req), body)
    const row = await findCampaignById(store.db, store.schema, id)
    res.status(201).json({ message: RECORD_SAVED, ...(row ? await toSummary(store.db, store.schema, row) : { _id: id }) })
  }))

  // `{payload: {active}}` toggles; any other payload updates.
  const changeBody = async (raw: unknown) => (isToggleRequest(raw) ? toggleRequestSchema : campaignUpdateRequestSchema({ goalRequired: await goalRequired(context) }))
  router.put('/api/campaigns/:id', auth.required, requirePermission('campaign', 'update'), withValidation({ params: idParamsSchema, body: changeBody }, async ({ params, body }, req, res) => {
    const row = await campaignRow(params.id)
    let message: string
    if (isToggleRequest(body)) {
      await toggleCampaign(command(req), row.id, body.payload.active, body.historical)
      message = body.payload.active ? RECORD_ACTIVATED : RECORD_DEACTIVATED
    } else {
      await updateCampaign(command(req), row.id, body.payload, body.historical)
      message = RECORD_UPDATED
    }
    const updated = await findCampaignById(store.db, store.schema, row.id)
    res.json({ message, ...(updated ? await toSummary(store.db, store.schema, updated) : { _id: row.id }) })
  }))

  return router
}
