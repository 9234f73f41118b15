import type { RequestHandler } from 'express'
import { apiOperations, buildApiDocument } from '@donaciones/contracts'
import { requireRole } from '@donaciones/kit'

export const API_DESCRIPTION_PATH = '/api/openapi.json'

/**
 * GET /api/openapi.json, role 0 only (decision 91): the API document built from the contracts on
 * its first request and kept as JSON text for the life of the process.
 */
export function apiDescription(requiredSession: RequestHandler, serverUrl: string): RequestHandler[] {
  let text: string | undefined
  const send: RequestHandler = (_req, res) => {
    text ??= JSON.stringify(buildApiDocument(apiOperations, { serverUrl }))
    res.set('Cache-Control', 'private, no-cache').type('json').send(text)
  }
  return [requiredSession, requireRole(0), send]
}
