import { Router } from 'express'
import {
  CFDI_USE_DONATIONS,
  donationTypeLabels,
  receiptListQuerySchema,
  receiptParamsSchema,
  STAMPED_PDF_FIELD,
  STAMPED_PDF_MAX_BYTES,
  STAMPED_XML_FIELD,
  STAMPED_XML_MAX_BYTES,
} from '@donaciones/contracts'
import { readMultipartFiles, requirePermission, withValidation, type ServiceContext } from '@donaciones/kit'
import { buildXlsx, sendXlsx } from '@donaciones/xlsx'
import { issueReceipt } from '../commands/issue-receipt.ts'
import { commandFor, type DonationDeps } from '../deps.ts'
import { listReceipts } from '../projections/receipt-requests.ts'

/**
 * "Recibos deducibles" (module `donation`): the requests with the donors' tax data (read), their
 * export for the accountant's stamping service (read), and the upload of each stamped CFDI (update).
 */
export function receiptRoutes(deps: DonationDeps, context: ServiceContext): Router {
  const { store, auth } = context
  const router = Router()
  const canRead = [auth.required, requirePermission('donation', 'read')]

  router.get('/api/receipts', ...canRead, withValidation({ query: receiptListQuerySchema }, async ({ query }, _req, res) => {
    res.json(await listReceipts(store.db, store.schema, query.status))
  }))

  // One row per pending receipt: the receiver's data, the amount and the charity's authorisation (the donatarias complement).
  router.get('/api/receipts/export', ...canRead, async (req, res) => {
    const [rows, settings] = await Promise.all([listReceipts(store.db, store.schema, 'pending'), deps.paymentSettings.get(req.requestId)])
    const { donataria } = settings
    const workbook = await buildXlsx({
      name: 'Recibos pendientes',
      rows,
      columns: [
        { header: 'Folio', value: (row) => row.folio },
        { header: 'Fecha', value: (row) => row.approvedAt, type: 'dateTime' },
        { header: 'RFC del donador', value: (row) => row.rfc },
        { header: 'Nombre o razón social', value: (row) => row.name },
        { header: 'Régimen fiscal', value: (row) => row.taxRegime },
        { header: 'Código postal', value: (row) => row.postalCode },
        { header: 'Correo electrónico', value: (row) => row.email },
        { header: 'Uso CFDI', value: () => CFDI_USE_DONATIONS },
        { header: 'Monto (MXN)', value: (row) => row.amount },
        { header: 'Método de pago', value: (row) => donationTypeLabels[row.method] },
        { header: 'Campaña', value: (row) => row.campaign.title },
        { header: 'RFC de la donataria', value: () => donataria.rfc },
        { header: 'Número de autorización', value: () => donataria.authorizationNumber },
        { header: 'Fecha de autorización', value: () => donataria.authorizationDate, type: 'date' },
        { header: 'ID de donación', value: (row) => row.donationId },
      ],
    })
    sendXlsx(res, 'recibos-pendientes', workbook)
  })

  router.post('/api/receipts/:donationId/stamped', auth.required, requirePermission('donation', 'update'), withValidation({ params: receiptParamsSchema }, async ({ params }, req, res) => {
    const files = await readMultipartFiles(req, {
      [STAMPED_XML_FIELD]: { maxBytes: STAMPED_XML_MAX_BYTES, label: 'XML' },
      [STAMPED_PDF_FIELD]: { maxBytes: STAMPED_PDF_MAX_BYTES, label: 'PDF' },
    })
    res.json(await issueReceipt(commandFor(deps, req), params.donationId, { xml: files[STAMPED_XML_FIELD], pdf: files[STAMPED_PDF_FIELD] }))
  }))

  return router
}
