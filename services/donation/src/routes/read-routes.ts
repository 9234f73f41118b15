import { Router, type RequestHandler } from 'express'
import { donationFiltersSchema, donationSummaryQuerySchema, idParamsSchema, type PaymentChannel } from '@donaciones/contracts'
import { notFound, requirePermission, withValidation, type ServiceContext } from '@donaciones/kit'
import { approvedPerDay, findDonationRow, listDonations, summarize, toDonationDoc } from '../projections/donation-queries.ts'

/** The three channel lists (spec §7) and the hub list over all of them. */
const channelPaths: ReadonlyArray<{ path: string; channel: PaymentChannel | undefined }> = [
  { path: '/api/donations/paypal', channel: 'paypal' },
  { path: '/api/donations/conekta/card', channel: 'conekta' },
  { path: '/api/donations/conekta/oxxo', channel: 'oxxo' },
  { path: '/api/donations', channel: undefined },
]

/**
 * Reading donations (donors' names, e-mails, phones): role 0, or role 1 with read permission on the
 * `donation` module (401/403 otherwise). The public totals are the audit service's /api/counters.
 */
export function readRoutes(context: ServiceContext): Router {
  const { store, auth } = context
  const router = Router()
  const canRead: RequestHandler[] = [auth.required, requirePermission('donation', 'read')]

  for (const { path, channel } of channelPaths) {
    // The summary boxes: the approved donations among those the list's filters select.
    router.get(`${path}/counters/info`, ...canRead, withValidation({ query: donationSummaryQuerySchema }, async ({ query }, _req, res) => {
      res.json(await summarize(store.db, store.schema, channel, query))
    }))
    router.get(`${path}/graph`, ...canRead, async (_req, res) => {
      res.json(await approvedPerDay(store.db, store.schema, channel))
    })
    router.get(path, ...canRead, withValidation({ query: donationFiltersSchema }, async ({ query }, _req, res) => {
      res.json(await listDonations(store.db, store.schema, channel, query))
    }))
  }

  router.get('/api/donations/paypal/:id', ...canRead, withValidation({ params: idParamsSchema }, async ({ params: { id } }, _req, res) => {
    const row = await findDonationRow(store.db, store.schema, id)
    if (!row || row.channel !== 'paypal') throw notFound('Donación no encontrada', 'La donación no existe')
    res.json(toDonationDoc(row))
  }))

  router.get('/api/donations/:id', ...canRead, withValidation({ params: idParamsSchema }, async ({ params: { id } }, _req, res) => {
    const row = await findDonationRow(store.db, store.schema, id)
    if (!row) throw notFound('Donación no encontrada', 'La donación no existe')
    res.json(toDonationDoc(row))
  }))

  return router
}
