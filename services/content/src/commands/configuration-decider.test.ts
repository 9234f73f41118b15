import { describe, it } from 'vitest'
import { configurationCreated, configurationUpdated, defaultDonataria, defaultDonationSettings, type ConfigurationInput } from '@donaciones/contracts'
import { newEvent, refuse } from '@donaciones/kit'
import { deciderSpec } from '@donaciones/kit/testing'
import type { ConfigurationDetails } from '../projections/configuration.ts'
import { alreadyConfigured, configurationDecider, configurationNotFound } from './configuration-decider.ts'

const configurationId = '8a9b0c1d-2e3f-4a5b-8c6d-7e8f9a0b1c2d'
const logo = '9b0c1d2e-3f4a-4b5c-9d6e-8f9a0b1c2d3e'
const image = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a'

const details: ConfigurationDetails = {
  configurationId,
  settings: { name: 'Fundación Ayuda', logo, gratitudeMessage: 'Gracias por tu apoyo' },
  home: { showCounters: true, content: '<p>Misión</p>', image: null },
  contact: { email: 'contacto@ayuda.mx', phone: '5512345678', address: 'CDMX' },
  urls: { facebook: '', twitter: '', instagram: '' },
  providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: false },
  clients: { conekta: 'key_pub_conekta', paypal: 'paypal-client', facebook: '', google: '', twitter: '' },
  mailer: { host: 'smtp.ayuda.mx', port: 587, user: 'envios@ayuda.mx' },
  pages: { terms: '<p>Términos</p>', notice: '<p>Aviso</p>' },
  donations: { ...defaultDonationSettings },
  donataria: { ...defaultDonataria },
  secretsChanged: ['conekta', 'mailer', 'productKey'],
}
const created = newEvent(configurationCreated, details)

const input = (changes: Partial<ConfigurationInput> = {}): ConfigurationInput => ({
  settings: { name: 'Fundación Nueva', logo, gratitudeMessage: 'Gracias' },
  home: { showCounters: false, content: '<p>Misión <img src="x" onerror="alert(1)"></p>', image },
  contact: { email: 'hola@ayuda.mx', phone: '5555555555', address: 'Monterrey' },
  mailer: { auth: { user: 'otro@ayuda.mx', pass: '' }, host: 'smtp.nuevo.mx', port: 2525 },
  urls: { facebook: '', twitter: 'https://x.com/ayuda', instagram: '' },
  providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: false },
  keys: { conekta: { client: 'key_pub_nueva', secret: '' } },
  ...changes,
})

/** What the save records: the form's fields, the stored pages, and what the form left out kept as stored. */
const updated = (changes: Partial<ConfigurationDetails> = {}) =>
  newEvent(configurationUpdated, {
    ...details,
    settings: { name: 'Fundación Nueva', logo, gratitudeMessage: 'Gracias' },
    home: { showCounters: false, content: '<p>Misión</p>', image },
    contact: { email: 'hola@ayuda.mx', phone: '5555555555', address: 'Monterrey' },
    urls: { facebook: '', twitter: 'https://x.com/ayuda', instagram: '' },
    clients: { ...details.clients, conekta: 'key_pub_nueva' },
    mailer: { host: 'smtp.nuevo.mx', port: 2525, user: 'otro@ayuda.mx' },
    secretsChanged: [],
    ...changes,
  })

const spec = deciderSpec(configurationDecider)
const save = (changes: { input?: ConfigurationInput; secretsHeld?: ('conekta' | 'paypal' | 'google' | 'mailer')[]; secretsChanged?: 'conekta'[] } = {}) => ({
  kind: 'update' as const,
  input: changes.input ?? input(),
  content: '<p>Misión</p>',
  secretsHeld: changes.secretsHeld ?? ['conekta', 'mailer'],
  secretsChanged: changes.secretsChanged ?? [],
})

describe('the configuration decider', () => {
  it('creates the configuration once', () => {
    spec.given([]).when({ kind: 'create', details }).then([created])
    spec.given([created]).when({ kind: 'create', details }).thenThrows(alreadyConfigured())
  })

  it('saves the form over the stored configuration, with the sanitised mission and the names of the changed secrets', () => {
    spec.given([created]).when(save()).then([updated()])
    spec.given([created]).when(save({ secretsChanged: ['conekta'] })).then([updated({ secretsChanged: ['conekta'] })])
  })

  it('folds the last save: a client left out keeps the latest one, not the first', () => {
    const withoutClient = input({ keys: {} })
    spec.given([created, updated()]).when(save({ input: withoutClient })).then([updated()])
  })

  it('keeps the donation settings and Donataria autorizada when the form leaves them out, and defaults them for a configuration from before them', () => {
    const donataria = { enabled: true, rfc: 'AAA010101AAA', authorizationNumber: '123', authorizationDate: '2024-01-05' }
    const stored = newEvent(configurationCreated, { ...details, donations: { maxAmount: 5000 }, donataria })
    spec.given([stored]).when(save()).then([updated({ donations: { maxAmount: 5000 }, donataria })])
    const { donations: _donations, donataria: _donataria, ...before } = details
    spec.given([newEvent(configurationCreated, before)]).when(save()).then([updated({ donations: { ...defaultDonationSettings }, donataria: { ...defaultDonataria } })])
  })

  it('refuses to enable a provider with no secret stored nor typed, naming each field', () => {
    const providers = { google: true, facebook: false, twitter: false, conekta: true, paypal: true }
    spec
      .given([created])
      .when(save({ input: input({ providers }), secretsHeld: ['conekta'] }))
      .thenThrows(
        refuse.invalid([
          { path: 'payload.keys.google.secret', message: 'Campo requerido' },
          { path: 'payload.keys.paypal.secret', message: 'Campo requerido' },
        ]),
      )
    spec.given([created]).when(save({ input: input({ providers }), secretsHeld: ['conekta', 'google', 'paypal'] })).then([updated({ providers })])
  })

  it('answers 404 Configuración no encontrada before the site is configured', () => {
    spec.given([]).when(save()).thenThrows(configurationNotFound())
  })
})
