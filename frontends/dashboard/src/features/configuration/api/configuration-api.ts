import {
  CAUSE_UPDATE,
  connectionTestResponseSchema,
  configurationResponseSchema,
  receivesDonations,
  undeliveredMailResponseSchema,
  type UndeliveredMailResponse,
  type CampaignSummary,
  type ConnectionService,
  type ConnectionTestResponse,
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

/** How many active campaigns have no goal, so they take no donations (GET /api/campaigns). */
export async function countActiveCampaignsWithoutGoal(signal?: AbortSignal): Promise<number> {
  const campaigns = await apiRequest<CampaignSummary[]>('COUNT_CAMPAIGNS_WITHOUT_GOAL', '/campaigns', { silent: true, ...(signal && { signal }) })
  return campaigns.filter((campaign) => campaign.active && !receivesDonations(campaign.goal)).length
}

/** GET /api/configuration/mail/undelivered: mail waiting more than 15 minutes for the SMTP server, with its last reason. */
export function fetchUndeliveredMail(signal?: AbortSignal): Promise<UndeliveredMailResponse> {
  return apiRequest('LOAD_UNDELIVERED_MAIL', '/configuration/mail/undelivered', {
    schema: undeliveredMailResponseSchema,
    silent: true,
    ...(signal && { signal }),
  })
}

/** POST /api/configuration/connection-test: the server tries the stored settings of one service ('Probar conexión'). */
export function testStoredConnection(service: ConnectionService): Promise<ConnectionTestResponse> {
  return apiRequest('TEST_CONNECTION', '/configuration/connection-test', {
    method: 'POST',
    json: { service },
    schema: connectionTestResponseSchema,
    silent: true,
  })
}
