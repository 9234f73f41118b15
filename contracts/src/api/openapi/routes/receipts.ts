import {
  receiptListQuerySchema,
  receiptListResponseSchema,
  receiptParamsSchema,
  stampedReceiptRequestSchema,
  stampedReceiptResponseSchema,
} from '../../receipts.ts'
import type { ApiOperation } from '../operation.ts'

/** The donation service's deductible receipts (decision 90). */
export const receiptOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/api/receipts',
    tag: 'Recibos deducibles',
    summary: 'Solicitudes de recibo deducible',
    description: 'Las solicitudes pendientes (por omisión) o emitidas, con los datos fiscales de cada donador.',
    access: { kind: 'permission', modules: ['donation'], action: 'read' },
    query: receiptListQuerySchema,
    response: { description: 'Las solicitudes.', schema: receiptListResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/receipts/export',
    tag: 'Recibos deducibles',
    summary: 'Exportar las solicitudes pendientes',
    description: 'Hoja de cálculo para el servicio de timbrado del contador: datos del receptor, monto y autorización de la donataria.',
    access: { kind: 'permission', modules: ['donation'], action: 'read' },
    response: { media: 'xlsx', description: 'El archivo recibos-pendientes.xlsx.' },
  },
  {
    method: 'POST',
    path: '/api/receipts/{donationId}/stamped',
    tag: 'Recibos deducibles',
    summary: 'Subir el recibo timbrado',
    description:
      'Formulario multipart con el XML (hasta 128 KB) y el PDF (hasta 512 KB) del CFDI timbrado. El XML debe ser un Comprobante para el RFC de la solicitud cuyo `Total`, tal como está escrito, es el monto de la donación al centavo (sin redondear); se guardan ambos y se envían al donador.',
    access: { kind: 'permission', modules: ['donation'], action: 'update' },
    params: receiptParamsSchema,
    body: { schema: stampedReceiptRequestSchema, media: 'multipart' },
    response: { description: 'La solicitud, ya emitida.', schema: stampedReceiptResponseSchema },
    errors: [
      { status: 404, description: 'La donación no tiene una solicitud de recibo deducible aprobada.' },
      { status: 409, description: 'El recibo de esta donación ya se emitió.' },
      { status: 413, description: 'Un archivo pasa de su tamaño máximo, o el formulario trae más partes de las esperadas.' },
      { status: 422, description: 'Falta un archivo, viene dos veces, o el XML no es un CFDI para este RFC y este monto.' },
    ],
  },
]
