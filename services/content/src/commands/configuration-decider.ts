import {
  ALREADY_EXISTS,
  configurationCreated,
  configurationUpdated,
  providerNames,
  REQUIRED,
  type ConfigurationInput,
} from '@donaciones/contracts'
import { newEvent, refuse, type Decider, type FieldError } from '@donaciones/kit'
import { donatariaOf, donationSettingsOf, type ConfigurationDetails } from '../projections/configuration.ts'
import type { SecretName } from '../secrets/secret-store.ts'
import { configurationDetailsOf } from './configuration-details.ts'

export const configurationNotFound = () => refuse.notFound('Configuración no encontrada', 'El sitio aún no está configurado')

export const alreadyConfigured = () => refuse.alreadyExists(ALREADY_EXISTS, 'El sitio ya está configurado')

/**
 * What may happen to the site's configuration. The secrets live encrypted in a private table, so
 * what the stream cannot know is read before deciding and passed in: which secrets are held
 * (stored, or typed now) and which ones the save changes.
 */
export type ConfigurationCommand =
  | { kind: 'create'; details: ConfigurationDetails }
  | {
      kind: 'update'
      input: ConfigurationInput
      /** The mission text, sanitised and checked as not blank. */
      content: string
      secretsHeld: readonly SecretName[]
      secretsChanged: readonly SecretName[]
    }

/** The configuration as its stream tells it; null before the setup creates it. */
export type ConfigurationState = ConfigurationDetails | null

export const configurationStream = (configurationId: string) => `configuration-${configurationId}`

/** The rules of the site's configuration (`configuration-<id>`): created once by the setup, then saved whole. */
export const configurationDecider: Decider<ConfigurationCommand, ConfigurationState, typeof configurationCreated | typeof configurationUpdated> = {
  events: [configurationCreated, configurationUpdated],
  initialState: null,
  evolve(_state, event) {
    switch (event.type) {
      case configurationCreated.type:
      case configurationUpdated.type:
        return event.data
    }
  },
  decide(command, state) {
    if (command.kind === 'create') {
      if (state) throw alreadyConfigured()
      return [newEvent(configurationCreated, command.details)]
    }
    if (!state) throw configurationNotFound()
    const { input } = command
    // An enabled provider needs a secret, stored before or typed now.
    const errors: FieldError[] = providerNames
      .filter((provider) => input.providers[provider] && !command.secretsHeld.includes(provider))
      .map((provider) => ({ path: `payload.keys.${provider}.secret`, message: REQUIRED }))
    if (errors.length > 0) throw refuse.invalid(errors)
    const details = configurationDetailsOf(input, {
      configurationId: state.configurationId,
      homeContent: command.content,
      clientsBefore: state.clients,
      pages: state.pages,
      donations: input.donations ?? donationSettingsOf(state),
      donataria: input.donataria ?? donatariaOf(state),
      secretsChanged: command.secretsChanged,
    })
    return [newEvent(configurationUpdated, details)]
  },
}
