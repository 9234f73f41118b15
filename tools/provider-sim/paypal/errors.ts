import { randomBytes } from 'node:crypto'
import type { SimResponse } from '../http.ts'

export interface PaypalErrorDetail {
  issue: string
  description: string
  field?: string
  value?: string
  location?: string
}

export interface PaypalErrorBody {
  name: string
  message: string
  debug_id: string
  details: PaypalErrorDetail[]
  links: Array<{ href: string; rel: string }>
}

const messages: Record<string, string> = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  AUTHENTICATION_FAILURE: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  INTERNAL_SERVER_ERROR: 'An internal server error has occurred.',
}

/** PayPal's error shape: `{name, message, debug_id, details:[{issue, description}], links}`. */
export function paypalError(status: number, name: string, details: PaypalErrorDetail[] = []): SimResponse {
  const body: PaypalErrorBody = {
    name,
    message: messages[name] ?? name,
    debug_id: randomBytes(7).toString('hex').slice(0, 13),
    details,
    links: details[0] ? [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${details[0].issue}`, rel: 'information_link' }] : [],
  }
  return { status, body }
}

export function unprocessable(issue: string, description: string): SimResponse {
  return paypalError(422, 'UNPROCESSABLE_ENTITY', [{ issue, description }])
}

export function invalidRequest(field: string, issue: string, description: string, value?: string): SimResponse {
  return paypalError(400, 'INVALID_REQUEST', [{ field, ...(value === undefined ? {} : { value }), location: 'body', issue, description }])
}

export function resourceNotFound(): SimResponse {
  return paypalError(404, 'RESOURCE_NOT_FOUND', [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }])
}
