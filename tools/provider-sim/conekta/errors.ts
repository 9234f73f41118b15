import { randomId, type SimResponse } from '../http.ts'

export type ConektaErrorType =
  | 'authentication_error'
  | 'parameter_validation_error'
  | 'processing_error'
  | 'resource_not_found_error'
  | 'api_error'

export interface ConektaErrorDetail {
  code: string
  param: string | null
  message: string
  debug_message: string
}

export interface ConektaErrorBody {
  object: 'error'
  type: ConektaErrorType
  log_id: string
  details: ConektaErrorDetail[]
}

const statusByType: Record<ConektaErrorType, number> = {
  authentication_error: 401,
  parameter_validation_error: 422,
  processing_error: 402,
  resource_not_found_error: 404,
  api_error: 500,
}

/** Conekta's error envelope: `{object:'error', type, log_id, details:[{code, param, message, debug_message}]}`. */
export function conektaError(type: ConektaErrorType, detail: Omit<ConektaErrorDetail, 'param'> & { param?: string | null }, status = statusByType[type]): SimResponse {
  const body: ConektaErrorBody = {
    object: 'error',
    type,
    log_id: randomId('', 12),
    details: [{ code: detail.code, param: detail.param ?? null, message: detail.message, debug_message: detail.debug_message }],
  }
  return { status, body }
}

export function invalidParameter(param: string, debugMessage: string, message = 'Los datos enviados no son válidos.'): SimResponse {
  return conektaError('parameter_validation_error', {
    code: `conekta.errors.parameter_validation.${param.replace(/\[\d+\]/g, '')}`,
    param,
    message,
    debug_message: debugMessage,
  })
}

export function notFound(resource: string, id: string): SimResponse {
  return conektaError('resource_not_found_error', {
    code: 'conekta.errors.resource_not_found.entity',
    param: null,
    message: 'El recurso no ha sido encontrado.',
    debug_message: `The ${resource} ${id} was not found.`,
  })
}
