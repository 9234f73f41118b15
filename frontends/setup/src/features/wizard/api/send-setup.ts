import { setupResponseSchema, type SetupRequest, type SetupResponse } from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'

/** POST /api/init: saves the whole wizard; answers the first administrator's token. */
export function sendSetup(payload: SetupRequest): Promise<SetupResponse> {
  return apiRequest('SAVE_SETUP', '/init', { method: 'POST', json: payload, schema: setupResponseSchema, silent: true })
}
