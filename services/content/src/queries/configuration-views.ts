import {
  filePath,
  providerNames,
  type ConfigurationAdminView,
  type FileRef,
  type Page,
  type PublicConfiguration,
} from '@donaciones/contracts'
import { paymentScripts, type Settings } from '@donaciones/kit'
import { donatariaOf, donationSettingsOf, type StoredConfiguration } from '../projections/configuration.ts'
import type { Secrets } from '../secrets/secret-store.ts'

function fileRef(id: string | null): FileRef | null {
  return id ? { _id: id, path: filePath(id) } : null
}

/** Legal texts as the pages hold them now (an edited or deactivated page wins over the wizard's text). */
function legalPages(pages: readonly Page[], onlyActive: boolean): PublicConfiguration['pages'] {
  const text = (name: Page['name']) => {
    const page = pages.find((candidate) => candidate.name === name)
    return page && (page.active || !onlyActive) ? page.description : ''
  }
  return { terms: text('terms-and-conditions'), notice: text('notice-of-privacy') }
}

function shared(configuration: StoredConfiguration, pages: readonly Page[], onlyActive: boolean) {
  const { settings, home, contact, urls, providers, clients } = configuration.details
  return {
    settings: { name: settings.name, logo: fileRef(settings.logo), gratitudeMessage: settings.gratitudeMessage },
    home: { showCounters: home.showCounters, content: home.content, image: fileRef(home.image) },
    contact: { ...contact },
    urls: { ...urls },
    providers: { ...providers },
    // Only what a browser needs, and only for the providers that are on.
    clients: {
      conekta: providers.conekta && clients.conekta ? clients.conekta : null,
      paypal: providers.paypal && clients.paypal ? clients.paypal : null,
      google: providers.google && clients.google ? clients.google : null,
    },
    pages: legalPages(pages, onlyActive),
    donations: donationSettingsOf(configuration.details),
  }
}

/** GET /api/init once configured: public values only. */
/** Where the browser loads the providers' scripts from: kit's paymentScripts (the gateway's CSP allows the same). */
export { paymentScripts }

export function publicConfiguration(configuration: StoredConfiguration, pages: readonly Page[], settings: Settings): PublicConfiguration {
  return {
    configured: true,
    ...shared(configuration, pages, true),
    // The forms only need to know whether to offer a deductible receipt; the RFC and the authorisation stay in the admin view.
    receipts: { deductible: donatariaOf(configuration.details).enabled },
    scripts: paymentScripts(settings),
  }
}

/** GET /api/configuration/edit: everything an administrator edits, secrets only as "is one stored". */
export function adminConfiguration(configuration: StoredConfiguration, pages: readonly Page[], secrets: Secrets): ConfigurationAdminView {
  const { mailer, clients } = configuration.details
  const keys = Object.fromEntries(
    providerNames.map((provider) => [provider, { client: clients[provider], hasSecret: Boolean(secrets[provider]) }]),
  ) as ConfigurationAdminView['keys']
  return {
    _id: configuration.id,
    configured: true,
    ...shared(configuration, pages, false),
    donataria: donatariaOf(configuration.details),
    mailer: { auth: { user: mailer.user, hasPass: Boolean(secrets.mailer) }, host: mailer.host, port: mailer.port },
    keys,
    createdAt: configuration.createdAt,
    updatedAt: configuration.updatedAt,
  }
}
