import {
  CAUSE_UPDATE,
  configurationResponseSchema,
  type ConfigurationAdminView,
  type ConfigurationInput,
} from '@donaciones/contracts'
import { apiRequest } from '@donaciones/web-kit'

/** GET /api/configuration/edit: everything the screen edits; secrets only as hasSecret/hasPass. */
export function fetchConfiguration(signal?: AbortSignal): Promise<ConfigurationAdminView> {
  return apiRequest('LOAD_CONFIGURATION', '/configuration/edit', {
    schema: configurationResponseSchema,
    ...(signal && { signal }),
  })
}

/** PUT /api/configuration with the justification (cause 'Actualización'). */
export function updateConfiguration(payload: ConfigurationInput, description: string): Promise<ConfigurationAdminView> {
  return apiRequest('EDIT_CONFIGURATION', '/configuration', {
    method: 'PUT',
    json: { payload, historical: { cause: CAUSE_UPDATE, description } },
    schema: configurationResponseSchema,
  })
}
