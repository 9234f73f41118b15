import { idParamsSchema } from '../../common.ts'
import { counterParamsSchema, counterResponseSchema } from '../../counters.ts'
import { historicalListResponseSchema, historicalQuerySchema, historicalUserResponseSchema } from '../../historical.ts'
import type { ApiOperation } from '../operation.ts'

const unknownCounter = { status: 404, description: 'Contador no encontrado: los contadores son visits, donations y donors.' }

/** The audit service: the site's public counters and the change history. */
export const auditOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/api/counters/{name}',
    tag: 'Contadores',
    summary: 'Leer un contador',
    description: 'Visitas al sitio, monto donado o número de donadores.',
    access: { kind: 'public' },
    params: counterParamsSchema,
    invalidParams: unknownCounter,
    response: { description: 'El total.', schema: counterResponseSchema },
  },
  {
    method: 'POST',
    path: '/api/counters/{name}',
    tag: 'Contadores',
    summary: 'Contar una visita al sitio',
    description: 'Solo `visits` se incrementa así; donaciones y donadores se cuentan a partir de las donaciones aprobadas.',
    access: { kind: 'public' },
    params: counterParamsSchema,
    invalidParams: unknownCounter,
    response: { description: 'El total después de esta visita.', schema: counterResponseSchema },
    errors: [{ status: 405, description: 'Este contador no se puede incrementar (donations, donors).' }],
  },
  {
    method: 'GET',
    path: '/api/historical',
    tag: 'Histórico',
    summary: 'Cambios registrados',
    description: 'Los cambios de un día (`date`), de un módulo (`module`) o de un registro (`document`).',
    access: { kind: 'permission', modules: ['historical'], action: 'read' },
    query: historicalQuerySchema,
    response: { description: 'Los cambios, del más reciente al más antiguo (hasta 1,000).', schema: historicalListResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/historical/user/{id}',
    tag: 'Histórico',
    summary: 'Cambios de una persona',
    description: 'Los cambios que hizo una cuenta y sus datos.',
    access: { kind: 'permission', modules: ['historical'], action: 'read' },
    params: idParamsSchema,
    response: { description: 'La cuenta y sus cambios.', schema: historicalUserResponseSchema },
    errors: [{ status: 404, description: 'El usuario no existe.' }],
  },
]
