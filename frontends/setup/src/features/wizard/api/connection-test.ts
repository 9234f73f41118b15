import { connectionTestResponseSchema, type ConnectionTestResponse, type TypedConnectionTestRequest } from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'

/** POST /api/init/connection-test: the server tries what the step holds (only before the site is configured). */
export function testTypedConnection(request: TypedConnectionTestRequest): Promise<ConnectionTestResponse> {
  return apiRequest('TEST_CONNECTION', '/init/connection-test', { method: 'POST', json: request, schema: connectionTestResponseSchema, silent: true })
}
