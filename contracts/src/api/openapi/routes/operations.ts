import type { ApiOperation } from '../operation.ts'

/**
 * The gateway's own public routes. Its `/metrics` is not here: it answers only scrapers on the
 * same host or on the metrics port, never the public.
 */
export const gatewayOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/healthz',
    tag: 'Operación',
    summary: 'El gateway responde',
    description: 'Prueba de vida para el orquestador: responde mientras el proceso atiende solicitudes.',
    access: { kind: 'public' },
    response: { description: '`{status: "ok"}`.' },
  },
  {
    method: 'GET',
    path: '/readyz',
    tag: 'Operación',
    summary: 'El gateway está listo',
    description: 'Prueba de disponibilidad: responde 200 cuando las bases de datos de los servicios responden.',
    access: { kind: 'public' },
    response: { description: '`{status: "ok"}`.' },
    errors: [{ status: 503, description: 'Una dependencia no responde; `description` dice cuál.' }],
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'Operación',
    summary: 'Descripción de la API',
    description: 'Este documento, OpenAPI 3.1, generado de los contratos de `contracts/` cuando el gateway lo sirve por primera vez.',
    access: { kind: 'role', roles: [0] },
    response: { description: 'El documento OpenAPI.' },
  },
]
