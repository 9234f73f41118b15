import { Router } from 'express'
import { donationTypeLabels, exportRequestSchema } from '@donaciones/contracts'
import { requirePermission, withValidation, type ServiceContext } from '@donaciones/kit'
import { buildXlsx, sendXlsx } from '@donaciones/xlsx'
import { donationsByIds, type DonationDoc } from '../projections/donation-queries.ts'

const statusLabels: Record<DonationDoc['status'], string> = { pending: 'Pendiente', approved: 'Aprobada', failed: 'Fallida', expired: 'Expirada' }

/** POST /donations/export {selection}: the selected donations (all when empty) as a real .xlsx; needs `donation` read. */
export function exportRoutes(context: ServiceContext): Router {
  const { store, auth } = context
  const router = Router()
  router.post('/api/donations/export', auth.required, requirePermission('donation', 'read'), withValidation({ body: exportRequestSchema }, async ({ body: { selection } }, _req, res) => {
    const rows = await donationsByIds(store.db, store.schema, selection)
    const workbook = await buildXlsx({
      name: 'Donaciones',
      rows,
      columns: [
        { header: 'Fecha', value: (row) => row.createdAt, type: 'dateTime' },
        { header: 'Método', value: (row) => donationTypeLabels[row.type] },
        { header: 'Estado', value: (row) => statusLabels[row.status] },
        { header: 'Campaña', value: (row) => row.campaign.title },
        { header: 'Nombre', value: (row) => row.donor.name },
        { header: 'Correo electrónico', value: (row) => row.donor.email },
        { header: 'Teléfono', value: (row) => row.donor.phone ?? '' },
        { header: 'Monto (MXN)', value: (row) => row.amount },
        { header: 'Comisión (MXN)', value: (row) => row.fee },
        { header: 'Problema', value: (row) => row.error?.message ?? '' },
      ],
    })
    sendXlsx(res, 'donaciones', workbook)
  }))
  return router
}
