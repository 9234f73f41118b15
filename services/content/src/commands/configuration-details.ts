import { providerNames, type ConfigurationInput, type SetupRequest } from '@donaciones/contracts'
import type { ConfigurationDetails } from '../projections/configuration.ts'

/** What the setup wizard and Configuración both send about the site (the wizard's fields are required). */
type ConfigurationForm = Pick<SetupRequest | ConfigurationInput, 'settings' | 'home' | 'contact' | 'urls' | 'providers' | 'keys' | 'mailer'>

/** What a save keeps or computes beside the form. */
interface BesideTheForm {
  configurationId: string
  /** The mission text, sanitised. */
  homeContent: string
  /** A provider's public key when the form leaves it out. */
  clientsBefore: ConfigurationDetails['clients'] | undefined
  pages: ConfigurationDetails['pages']
  donations: ConfigurationDetails['donations']
  donataria: ConfigurationDetails['donataria']
  secretsChanged: Readonly<ConfigurationDetails['secretsChanged']>
}

/** The configuration event's details, built the same way by the setup and by every later save. */
export function configurationDetailsOf(form: ConfigurationForm, beside: BesideTheForm): ConfigurationDetails {
  const clients = Object.fromEntries(
    providerNames.map((provider) => [provider, form.keys[provider]?.client?.trim() ?? beside.clientsBefore?.[provider] ?? '']),
  ) as ConfigurationDetails['clients']
  return {
    configurationId: beside.configurationId,
    settings: { name: form.settings.name, logo: form.settings.logo, gratitudeMessage: form.settings.gratitudeMessage },
    home: { showCounters: form.home.showCounters, content: beside.homeContent, image: form.home.image },
    contact: form.contact,
    urls: { facebook: form.urls.facebook ?? '', twitter: form.urls.twitter ?? '', instagram: form.urls.instagram ?? '' },
    providers: form.providers,
    clients,
    mailer: { host: form.mailer.host, port: form.mailer.port, user: form.mailer.auth.user },
    pages: beside.pages,
    donations: beside.donations,
    donataria: beside.donataria,
    secretsChanged: [...beside.secretsChanged],
  }
}
