/**
 * Whether `error` says the database cannot be reached right now (server down, restarting, or the
 * connection cut), as opposed to a statement it refused. Such a request may succeed on a retry,
 * so it is answered 503, not 500.
 */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down)
  '57P01',
  '57P02',
  '57P03',
])
// Thrown by `pg` itself when a connection ends or cannot be made in time; they carry no code.
const CONNECTION_ERROR_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  // 'Client was closed and is not queryable', 'Client has encountered a connection error and is not queryable'
  /is not queryable/,
]

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown }
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08'))) return true
  if (typeof message === 'string' && CONNECTION_ERROR_MESSAGES.some((pattern) => pattern.test(message))) return true
  // Node's AggregateError (all addresses refused) and wrapped errors.
  const { errors } = error as { errors?: unknown }
  const nested = [...(Array.isArray(errors) ? (errors as unknown[]) : []), cause]
  return nested.some((inner) => isDatabaseUnavailable(inner, depth + 1))
}

export const databaseUnavailableBody = {
  message: 'Servicio no disponible',
  description: 'El servicio no puede atender la solicitud en este momento, intente de nuevo en unos segundos',
}
