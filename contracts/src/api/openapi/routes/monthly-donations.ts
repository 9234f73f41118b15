import { conektaDonationRequestSchema } from '../../donations.ts'
import {
  monthlyCancelRequestSchema,
  monthlyCardRequestSchema,
  monthlyDonationResponseSchema,
  monthlyDonorFiltersSchema,
  monthlyDonorListResponseSchema,
  monthlyLinkQuerySchema,
  monthlyLinkResponseSchema,
} from '../../monthly-donations.ts'
import type { ApiOperation } from '../operation.ts'
import { donationRefusals, idempotencyKey } from './donations.ts'

const invalidLink = { status: 404, description: 'Enlace no válido: use el enlace completo de su correo.' }
const providerFailed = { status: 502, description: 'El proveedor de pagos no respondió como se esperaba; se puede reintentar.' }
/** The donor's links carry a signed token: it is the permission (decision 89). */
const signedLink = 'Sin sesión: el token firmado del enlace que recibió el donador es el permiso.'
const readDonations = { kind: 'permission', modules: ['donation'], action: 'read' } as const

/** The donation service's monthly card donations (decision 89). */
export const monthlyDonationOperations: readonly ApiOperation[] = [
  {
    method: 'POST',
    path: '/api/donations/monthly',
    tag: 'Donaciones mensuales',
    summary: 'Donar cada mes con tarjeta',
    description: 'Crea la suscripción mensual en Conekta con el cuerpo de una donación con tarjeta; el primer mes se cobra en el acto.',
    access: { kind: 'optional' },
    headers: [idempotencyKey],
    body: { schema: conektaDonationRequestSchema },
    response: { description: 'La donación del primer mes y la suscripción.', schema: monthlyDonationResponseSchema },
    errors: [{ status: 402, description: 'El proveedor rechazó la tarjeta.' }, ...donationRefusals],
  },
  {
    method: 'GET',
    path: '/api/donations/monthly/link',
    tag: 'Donaciones mensuales',
    summary: 'Qué dice el enlace de un donador',
    description: 'La suscripción a la que se refiere el enlace del correo (cancelar o cambiar tarjeta), su campaña y la tarjeta actual.',
    access: { kind: 'public' },
    accessNote: signedLink,
    query: monthlyLinkQuerySchema,
    response: { description: 'La suscripción.', schema: monthlyLinkResponseSchema },
    errors: [invalidLink],
  },
  {
    method: 'POST',
    path: '/api/donations/monthly/cancel',
    tag: 'Donaciones mensuales',
    summary: 'Cancelar una donación mensual',
    description: 'Con el enlace de cancelación: cancela la suscripción en el proveedor y después la registra. Un segundo clic no cambia nada.',
    access: { kind: 'public' },
    accessNote: signedLink,
    body: { schema: monthlyCancelRequestSchema },
    response: { description: 'La suscripción como quedó.', schema: monthlyLinkResponseSchema },
    errors: [{ status: 403, description: 'El enlace es para cambiar la tarjeta, no para cancelar.' }, invalidLink, providerFailed],
  },
  {
    method: 'POST',
    path: '/api/donations/monthly/card',
    tag: 'Donaciones mensuales',
    summary: 'Cambiar la tarjeta de una donación mensual',
    description:
      'Con el enlace del aviso de pausa: la tarjeta nueva, tokenizada por el navegador, reanuda la suscripción suspendida. El enlace sirve para esa pausa hasta que una tarjeta se acepta; una tarjeta rechazada deja la donación pausada.',
    access: { kind: 'public' },
    accessNote: signedLink,
    body: { schema: monthlyCardRequestSchema },
    response: { description: 'La suscripción como quedó.', schema: monthlyLinkResponseSchema },
    errors: [
      { status: 402, description: 'El proveedor rechazó la tarjeta nueva; la donación sigue pausada y el enlace sigue sirviendo.' },
      { status: 403, description: 'El enlace es para cancelar, no para cambiar la tarjeta.' },
      invalidLink,
      { status: 409, description: 'El enlace ya se usó, es de una pausa anterior, o la donación mensual ya fue cancelada.' },
      { status: 429, description: 'Demasiados intentos o tarjetas rechazadas desde la dirección o el correo; `Retry-After` dice cuándo intentar de nuevo.' },
      providerFailed,
    ],
  },
  {
    method: 'GET',
    path: '/api/donations/monthly',
    tag: 'Donaciones mensuales',
    summary: 'Donadores mensuales',
    description: 'Una página de las suscripciones, por estado y texto, con los totales de las activas.',
    access: readDonations,
    query: monthlyDonorFiltersSchema,
    response: { description: 'La página y el resumen.', schema: monthlyDonorListResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/donations/monthly/export',
    tag: 'Donaciones mensuales',
    summary: 'Exportar donadores mensuales',
    description: 'Hoja de cálculo con todas las suscripciones que cumplen los filtros.',
    access: readDonations,
    query: monthlyDonorFiltersSchema,
    response: { media: 'xlsx', description: 'El archivo donadores-mensuales.xlsx.' },
  },
]
