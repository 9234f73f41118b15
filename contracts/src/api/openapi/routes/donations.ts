import { exportRequestSchema, idParamsSchema } from '../../common.ts'
import {
  conektaDonationRequestSchema,
  conektaDonationResponseSchema,
  donationFiltersSchema,
  donationGraphResponseSchema,
  donationListResponseSchema,
  donationResponseSchema,
  donationSummaryQuerySchema,
  donationSummaryResponseSchema,
  oxxoRequestSchema,
  oxxoResponseSchema,
  paypalDonationRequestSchema,
  paypalDonationResponseSchema,
  paypalOrderRequestSchema,
  paypalOrderResponseSchema,
} from '../../donations.ts'
import { providerFailuresResponseSchema } from '../../provider-health.ts'
import type { ApiOperation, ErrorAnswer } from '../operation.ts'
import { notFound } from './shared-answers.ts'

/** Refusals every donation channel shares (the donation service's commands). */
export const donationRefusals: readonly ErrorAnswer[] = [
  {
    status: 409,
    description: 'El método de pago no está habilitado, o la campaña no recibe donaciones (inactiva, programada para más adelante o finalizada).',
  },
  {
    status: 422,
    description:
      'También: la campaña no existe, `user` no es la cuenta de la sesión, se pidió recibo deducible sin \'Donataria autorizada\', o la llave de idempotencia ya se usó con otros datos.',
  },
  { status: 429, description: 'Demasiados intentos desde la dirección, el correo o la tarjeta; `Retry-After` dice cuándo intentar de nuevo.' },
  { status: 502, description: 'El proveedor de pagos no respondió como se esperaba; se puede reintentar con la misma llave de idempotencia.' },
]

export const idempotencyKey = {
  name: 'Idempotency-Key',
  description:
    'Opcional, hasta 255 caracteres. Repetir la solicitud con la misma llave y el mismo cuerpo responde la misma donación sin cobrar de nuevo; con otro cuerpo se rechaza.',
}

const cardDeclined: ErrorAnswer = { status: 402, description: 'El proveedor rechazó el pago; el mensaje dice por qué.' }
const donationNotFound = notFound('La donación')

/** The three lists and their summaries: every donation, PayPal, card and OXXO. */
const channels = [
  { path: '/api/donations', what: 'todas las donaciones' },
  { path: '/api/donations/paypal', what: 'las donaciones con PayPal' },
  { path: '/api/donations/conekta/card', what: 'las donaciones con tarjeta' },
  { path: '/api/donations/conekta/oxxo', what: 'las donaciones en efectivo en OXXO' },
] as const

const readDonations = { kind: 'permission', modules: ['donation'], action: 'read' } as const

function channelReads({ path, what }: (typeof channels)[number]): ApiOperation[] {
  return [
    {
      method: 'GET',
      path: `${path}/counters/info`,
      tag: 'Donaciones',
      summary: `Totales de ${what}`,
      description: `Monto aprobado y número de donadores de ${what}, con los mismos filtros que la lista (tipo, texto, monto, campaña, donador, fechas).`,
      access: readDonations,
      query: donationSummaryQuerySchema,
      response: { description: 'Los totales de las donaciones aprobadas que los filtros eligen.', schema: donationSummaryResponseSchema },
    },
    {
      method: 'GET',
      path: `${path}/graph`,
      tag: 'Donaciones',
      summary: `Gráfica de ${what}`,
      description: `Monto y número de donaciones aprobadas por día, de ${what}.`,
      access: readDonations,
      response: { description: 'Un punto por día.', schema: donationGraphResponseSchema },
    },
    {
      method: 'GET',
      path,
      tag: 'Donaciones',
      summary: `Lista de ${what}`,
      description: 'Una página de la lista, con filtros por monto, campaña, donador, fechas, texto y tipo.',
      access: readDonations,
      query: donationFiltersSchema,
      response: { description: 'La página de donaciones.', schema: donationListResponseSchema },
    },
  ]
}

/** The donation service's channels, provider webhooks and the dashboard's reads of donations. */
export const donationOperations: readonly ApiOperation[] = [
  {
    method: 'POST',
    path: '/api/donations/webhooks/conekta',
    tag: 'Donaciones',
    summary: 'Aviso de Conekta',
    description:
      'Conekta avisa de órdenes pagadas, vencidas o rechazadas y de cargos mensuales. Se verifica la firma sobre el cuerpo tal como llegó y cada evento se atiende una sola vez.',
    access: { kind: 'public' },
    accessNote: 'Sin sesión: solo se acepta con la firma de Conekta.',
    response: { description: '`{received: true, outcome}`: qué se hizo con el aviso.' },
    errors: [{ status: 401, description: 'Firma inválida: el aviso no proviene del proveedor de pagos.' }],
  },
  {
    method: 'POST',
    path: '/api/donations/webhooks/paypal',
    tag: 'Donaciones',
    summary: 'Aviso de PayPal',
    description: 'PayPal avisa de capturas completadas o rechazadas. La firma se comprueba con PayPal y cada evento se atiende una sola vez.',
    access: { kind: 'public' },
    accessNote: 'Sin sesión: solo se acepta con la firma de PayPal.',
    response: { description: '`{received: true, outcome}`: qué se hizo con el aviso.' },
    errors: [{ status: 401, description: 'Firma inválida: el aviso no proviene de PayPal.' }],
  },
  {
    method: 'POST',
    path: '/api/donations/conekta',
    tag: 'Donaciones',
    summary: 'Donar con tarjeta',
    description: 'Cobra la tarjeta tokenizada por el navegador con Conekta. Con sesión, la donación queda a nombre de la cuenta.',
    access: { kind: 'optional' },
    headers: [idempotencyKey],
    body: { schema: conektaDonationRequestSchema },
    response: { description: 'La donación registrada y los datos del cliente.', schema: conektaDonationResponseSchema },
    errors: [cardDeclined, ...donationRefusals],
  },
  {
    method: 'POST',
    path: '/api/donations/oxxopay/request',
    tag: 'Donaciones',
    summary: 'Pedir una referencia de pago en OXXO',
    description: 'Genera la referencia para pagar en efectivo; la donación se aprueba cuando Conekta avisa del pago.',
    access: { kind: 'optional' },
    headers: [idempotencyKey],
    body: { schema: oxxoRequestSchema },
    response: { description: 'La referencia y su código de barras.', schema: oxxoResponseSchema },
    errors: donationRefusals,
  },
  {
    method: 'POST',
    path: '/api/donations/paypal/order',
    tag: 'Donaciones',
    summary: 'Crear una orden de PayPal',
    description: 'Primer paso con PayPal: el servidor crea la orden por el monto y entrega su identificador al botón del navegador.',
    access: { kind: 'optional' },
    headers: [idempotencyKey],
    body: { schema: paypalOrderRequestSchema },
    response: { description: 'El identificador de la orden.', schema: paypalOrderResponseSchema },
    errors: donationRefusals,
  },
  {
    method: 'POST',
    path: '/api/donations/paypal',
    tag: 'Donaciones',
    summary: 'Cobrar una orden de PayPal',
    description: 'Segundo paso: después de que el donador aprobó, el servidor captura la orden y la vuelve a leer de PayPal.',
    access: { kind: 'optional' },
    headers: [idempotencyKey],
    body: { schema: paypalDonationRequestSchema },
    response: { description: 'Lo que el agradecimiento necesita de la donación.', schema: paypalDonationResponseSchema },
    errors: [
      { status: 402, description: 'PayPal rechazó el método de pago.' },
      { status: 404, description: 'No hay una orden creada con ese identificador.' },
      { status: 422, description: 'El pago no está aprobado en PayPal o no corresponde a esta donación.' },
      ...donationRefusals,
    ],
  },
  {
    method: 'POST',
    path: '/api/donations/export',
    tag: 'Donaciones',
    summary: 'Exportar donaciones',
    description: 'Hoja de cálculo con las seleccionadas; sin selección, con todas.',
    access: readDonations,
    body: { schema: exportRequestSchema },
    response: { media: 'xlsx', description: 'El archivo donaciones.xlsx.' },
  },
  {
    method: 'GET',
    path: '/api/donations/providers/failures',
    tag: 'Donaciones',
    summary: 'Fallas de los proveedores de pago',
    description:
      'Los proveedores cuyas llamadas fallan al donar (llaves rechazadas, sin respuesta o error 5xx del proveedor): desde cuándo, cuántos intentos de donación afectaron y el motivo que dio el proveedor. Un proveedor desaparece de la lista cuando una llamada vuelve a funcionar.',
    access: { kind: 'role', roles: [0] },
    response: { description: 'Los proveedores con fallas; vacía cuando todo funciona.', schema: providerFailuresResponseSchema },
  },
  ...channels.flatMap(channelReads),
  {
    method: 'GET',
    path: '/api/donations/paypal/{id}',
    tag: 'Donaciones',
    summary: 'Ver una donación con PayPal',
    access: readDonations,
    params: idParamsSchema,
    response: { description: 'La donación.', schema: donationResponseSchema },
    errors: [{ status: 404, description: 'La donación no existe o no es de PayPal.' }],
  },
  {
    method: 'GET',
    path: '/api/donations/{id}',
    tag: 'Donaciones',
    summary: 'Ver una donación',
    access: readDonations,
    params: idParamsSchema,
    response: { description: 'La donación.', schema: donationResponseSchema },
    errors: [donationNotFound],
  },
]
