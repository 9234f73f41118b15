import { receiptListResponseSchema, stampedReceiptResponseSchema, STAMPED_PDF_FIELD, STAMPED_XML_FIELD, type ReceiptRequestRow, type ReceiptStatus } from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'
import { saveBlob } from '../../../lib/save-blob.ts'

export const RECEIPTS_PATH = '/receipts'

/** GET /receipts?status=: the pending or issued requests. */
export function loadReceipts(status: ReceiptStatus, signal?: AbortSignal): Promise<ReceiptRequestRow[]> {
  return apiRequest('LOAD_RECEIPTS', `${RECEIPTS_PATH}?status=${status}`, { schema: receiptListResponseSchema, silent: true, ...(signal ? { signal } : {}) })
}

/** GET /receipts/export: the pending requests as a spreadsheet for the stamping service. */
export async function exportPendingReceipts(): Promise<void> {
  const blob = await apiRequest<Blob>('LOAD_EXPORT', `${RECEIPTS_PATH}/export`, { responseType: 'blob' })
  saveBlob(blob, 'recibos-pendientes.xlsx')
}

/** POST /receipts/{id}/stamped: the stamped XML and PDF; the caller shows the server's messages. */
export function uploadStampedReceipt(donationId: string, files: { xml: File; pdf: File }): Promise<ReceiptRequestRow> {
  const form = new FormData()
  form.append(STAMPED_XML_FIELD, files.xml, files.xml.name)
  form.append(STAMPED_PDF_FIELD, files.pdf, files.pdf.name)
  return apiRequest('SEND_STAMPED_RECEIPT', `${RECEIPTS_PATH}/${donationId}/stamped`, { body: form, schema: stampedReceiptResponseSchema, silent: true })
}
