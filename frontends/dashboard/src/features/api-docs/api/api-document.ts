import { apiDocumentSchema, type ApiDocument } from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'

/** The gateway's OpenAPI document (role 0). */
export const API_DOCUMENT_PATH = '/openapi.json'

export function fetchApiDocument(signal?: AbortSignal): Promise<ApiDocument> {
  return apiRequest('LOAD_API_DOCUMENT', API_DOCUMENT_PATH, { schema: apiDocumentSchema, silent: true, ...(signal ? { signal } : {}) })
}
