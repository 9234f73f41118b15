import { Router } from 'express'
import { monthlyCancelRequestSchema, monthlyCardRequestSchema, monthlyDonorFiltersSchema, monthlyLinkQuerySchema } from '@donaciones/contracts'
import { requirePermission, withValidation, type ServiceContext } from '@donaciones/kit'
import { buildXlsx, sendXlsx } from '@donaciones/xlsx'
import { cancelByLink, monthlyLinkInfo, replaceCardByLink } from '../commands/monthly-link-actions.ts'
import { commandFor, type DonationDeps } from '../deps.ts'
import { allMonthlyDonors, listMonthlyDonors } from '../projections/monthly-queries.ts'

const statusLabels = { active: 'Activa', suspended: 'Suspendida', cancelled: 'Cancelada' } as const

/**
 * Monthly donations after their start (channel-routes.ts): the donor's links (the signed token is
 * the permission), and "Donadores mensuales" for admins with `donation` read.
 */
export function monthlyRoutes(deps: DonationDeps, context: ServiceContext): Router {
  const { store, auth } = context
  const router = Router()
  const canRead = [auth.required, requirePermission('donation', 'read')]

  router.get('/api/donations/monthly/link', withValidation({ query: monthlyLinkQuerySchema }, async ({ query }, _req, res) => {
    res.json(await monthlyLinkInfo(deps, query.token))
  }))
  router.post('/api/donations/monthly/cancel', withValidation({ body: monthlyCancelRequestSchema }, async ({ body }, req, res) => {
    res.json(await cancelByLink(deps, commandFor(deps, req), body.token))
  }))
  router.post('/api/donations/monthly/card', withValidation({ body: monthlyCardRequestSchema }, async ({ body }, req, res) => {
    res.json(await replaceCardByLink(deps, commandFor(deps, req), body.token, body.cardToken, req.ip))
  }))

  router.get('/api/donations/monthly', ...canRead, withValidation({ query: monthlyDonorFiltersSchema }, async ({ query }, _req, res) => {
    res.json(await listMonthlyDonors(store.db, store.schema, query))
  }))
  router.get('/api/donations/monthly/export', ...canRead, withValidation({ query: monthlyDonorFiltersSchema }, async ({ query }, _req, res) => {
    const rows = await allMonthlyDonors(store.db, store.schema, query)
    const workbook = await buildXlsx({
      name: 'Donadores mensuales',
      rows,
      columns: [
        { header: 'Estado', value: (row) => statusLabels[row.status] },
        { header: 'Nombre', value: (row) => row.name },
        { header: 'Correo electrónico', value: (row) => row.email },
        { header: 'Campaña', value: (row) => row.campaign.title },
        { header: 'Monto mensual (MXN)', value: (row) => row.amount },
        { header: 'Inicio', value: (row) => row.startedAt, type: 'dateTime' },
        { header: 'Próximo cargo', value: (row) => row.nextChargeAt, type: 'dateTime' },
        { header: 'Meses pagados', value: (row) => row.monthsPaid },
        { header: 'Total donado (MXN)', value: (row) => row.total },
        { header: 'Tarjeta', value: (row) => (row.card.last4 ? `${row.card.brand ?? ''} •••• ${row.card.last4}`.trim() : '') },
      ],
    })
    sendXlsx(res, 'donadores-mensuales', workbook)
  }))
  return router
}
