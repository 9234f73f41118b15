import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express'
import { z } from 'zod'
import { Refusal, type RefusalReason } from '../domain/refusal.ts'
import { ConcurrencyError, DuplicateRecordError } from '../eventstore/errors.ts'
import { defaultErrorText, isHttpError } from './http-error.ts'
import { databaseUnavailableBody, isDatabaseUnavailable } from './database-unavailable.ts'
import type { ErrorBody } from './http-error.ts'
import type { Logger } from './logger.ts'
import { toFieldErrors, validationError } from './validate.ts'
import type {} from './types.ts'

interface ErrorResponse {
  status: number
  body: ErrorBody
  headers?: Record<string, string>
}

/** Errors raised by express' body parser (and other `http-errors` users) carry these fields. */
interface FrameworkError {
  status?: unknown
  statusCode?: unknown
  type?: unknown
  expose?: unknown
}

const FRAMEWORK_TEXT: Record<string, readonly [message: string, description: string]> = {
  'entity.parse.failed': ['Solicitud inválida', 'El cuerpo de la solicitud no es JSON válido'],
  'entity.too.large': ['Solicitud demasiado grande', 'El cuerpo de la solicitud excede el tamaño permitido'],
  'encoding.unsupported': ['Tipo de contenido no admitido', 'La codificación del contenido no es compatible'],
  'charset.unsupported': ['Tipo de contenido no admitido', 'El juego de caracteres no es compatible'],
  'request.aborted': ['Solicitud inválida', 'La solicitud se interrumpió antes de completarse'],
}

const INTERNAL: ErrorResponse = {
  status: 500,
  body: { message: 'Error interno del servidor', description: 'Intente de nuevo más tarde' },
}

/** A 4xx the framework produced (bad JSON, too large, bad URL encoding…), or undefined. */
function clientFrameworkError(error: unknown): ErrorResponse | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { status, statusCode, type, expose } = error as FrameworkError
  const code = typeof status === 'number' ? status : statusCode
  if (typeof code !== 'number' || code < 400 || code > 499 || expose === false) return undefined
  const [message, description] = (typeof type === 'string' && FRAMEWORK_TEXT[type]) || defaultErrorText(code)
  return { status: code, body: { message, description } }
}

/**
 * PostgreSQL's refusal of text it cannot store (a NUL byte, an invalid UTF-8 sequence) that came
 * from the client: SQLSTATE 22021 / 22P05. The statement failed, so nothing was written.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05'])
function unstorableTextError(error: unknown): ErrorResponse | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof code !== 'string' || !UNSTORABLE_TEXT_CODES.has(code)) return undefined
  return { status: 400, body: { message: 'Solicitud inválida', description: 'El texto contiene caracteres no permitidos' } }
}

/** The HTTP status of each reason a decider refuses a command for. */
export const refusalStatus: Readonly<Record<RefusalReason, number>> = {
  'not-found': 404,
  'already-exists': 409,
  'not-allowed': 403,
  'rule-broken': 422,
  invalid: 422,
}

/** Maps a thrown value to the response a client sees; `undefined` means an unexpected error (500). */
export function toErrorResponse(error: unknown): ErrorResponse | undefined {
  if (isHttpError(error)) {
    return { status: error.status, body: error.toBody(), ...(error.headers && { headers: error.headers }) }
  }
  if (error instanceof Refusal) {
    const body: ErrorBody = { message: error.message, description: error.description }
    if (error.errors) body.errors = [...error.errors]
    return { status: refusalStatus[error.reason], body }
  }
  if (error instanceof z.core.$ZodError) {
    return { status: 422, body: validationError(toFieldErrors(error)).toBody() }
  }
  if (error instanceof ConcurrencyError) {
    return {
      status: 409,
      body: {
        message: 'El registro fue modificado por otra operación',
        description: 'Vuelva a cargar la información e intente de nuevo',
      },
    }
  }
  if (error instanceof DuplicateRecordError) {
    return { status: 409, body: { message: 'Registro ya existente', description: 'Ya existe un registro con los mismos datos' } }
  }
  if (isDatabaseUnavailable(error)) return { status: 503, body: databaseUnavailableBody, headers: { 'Retry-After': '5' } }
  return unstorableTextError(error) ?? clientFrameworkError(error)
}

export interface ErrorHandlerOptions {
  /** Used when the request has no `req.log` (pino-http not mounted). */
  logger?: Logger
}

/** The last middleware: every failure becomes the Spanish error body; 500s are logged, never detailed. */
export function errorHandler(options: ErrorHandlerOptions = {}): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    const response = toErrorResponse(error) ?? INTERNAL
    if (response.status >= 500) {
      // req.log (pino-http) already carries the request id.
      if (req.log) req.log.error({ err: error }, 'Error no controlado')
      else options.logger?.error({ err: error, requestId: req.requestId }, 'Error no controlado')
    }
    // Too late for a JSON body: let express cut the connection.
    if (res.headersSent) return next(error)
    if (response.headers) res.set(response.headers)
    res.status(response.status).json(response.body)
  }
}

/** 404 for any route nobody mounted. */
export function notFoundHandler(_req: Request, res: Response): void {
  res.status(404).json({ message: 'Recurso no encontrado', description: 'La dirección solicitada no existe' })
}
