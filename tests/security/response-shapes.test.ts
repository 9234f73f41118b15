import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  configurationResponseSchema,
  historicalUserResponseSchema,
  initResponseSchema,
  profileUpdatedResponseSchema,
  provisionalPasswordResponseSchema,
  setupResponseSchema,
  tokenResponseSchema,
  userChangedResponseSchema,
  userCreatedResponseSchema,
  userListResponseSchema,
  userResponseSchema,
} from '@donaciones/contracts'
import { secretsFoundIn, unexpectedKeys } from '@donaciones/kit/testing'
import { activateAccount, adminCredentials, createAccount, startTestSite, storedSecrets, wizardPayload, type TestSite } from '../support/site.ts'

/**
 * Every answer that carries configuration or user data has exactly the shape of its response
 * schema in `contracts/` (a key the schema does not name, at any depth, fails), and no answer
 * holds a secret: not written out, not in base64 or base64url, not in hex.
 */
describe('answers with configuration or user data: exact shape, no secret in any encoding', () => {
  let site: TestSite
  let admin = ''
  const answers: string[] = []
  const secrets = [...storedSecrets, 'PRODUCTO-2026', adminCredentials.password]
  const historical = { cause: 'Actualización', description: 'Revisión de la cuenta' }

  /** Calls the gateway, requires the status, and checks the body against the schema. */
  const answer = async <T extends z.ZodType>(schema: T, path: string, init: Parameters<TestSite['api']>[1] & { status?: number } = {}): Promise<z.infer<T>> => {
    const { status = 200, ...request } = init
    const response = await site.api(path, request)
    const text = await response.text()
    answers.push(text)
    expect(response.status, `${path}: ${text}`).toBe(status)
    const body: unknown = JSON.parse(text)
    expect(unexpectedKeys(schema, body), path).toEqual({ parsed: true, extra: [], issues: [] })
    return schema.parse(body)
  }

  beforeAll(async () => {
    site = await startTestSite()
    await answer(initResponseSchema, '/api/init')
    admin = (await answer(setupResponseSchema, '/api/init', { method: 'POST', json: await wizardPayload(site) })).token
  })
  afterAll(() => site?.stop())

  it('the public and the administrator views of the configuration, and its change', async () => {
    expect((await answer(initResponseSchema, '/api/init')).configured).toBe(true)
    const view = await answer(configurationResponseSchema, '/api/configuration/edit', { token: admin })
    await answer(configurationResponseSchema, `/api/configuration/${view._id}`, { token: admin })
    const updated = await answer(configurationResponseSchema, '/api/configuration', {
      method: 'PUT',
      token: admin,
      json: {
        payload: {
          settings: { name: 'Fundación Ejemplo A.C.', logo: view.settings.logo?._id, gratitudeMessage: 'Gracias' },
          home: { showCounters: false, content: '<p>Misión</p>', image: view.home.image?._id },
          contact: { email: 'contacto@fundacion.mx', phone: '5512345678', address: 'Av. Reforma 1' },
          mailer: { auth: { user: 'prueba' }, host: '127.0.0.1', port: site.mail.port },
          urls: {},
          providers: { google: false, facebook: false, twitter: false, conekta: true, paypal: true },
          keys: { conekta: { client: 'key_conekta_publica' }, paypal: { client: 'paypal-cliente' } },
        },
        historical,
      },
    })
    expect(updated.settings.name).toBe('Fundación Ejemplo A.C.')
  })

  it('the user records: created, listed, read, edited, switched off, re-keyed, signed in, own profile, history', async () => {
    const created = await answer(userCreatedResponseSchema, '/api/users/', {
      method: 'POST',
      status: 201,
      token: admin,
      json: { name: 'Rosa', lastName: 'Lima', email: 'rosa@fundacion.mx', role: 1, permissions: [{ module: 'campaign', read: true, create: false, update: false }] },
    })
    const id = created.user._id
    const provisional = /Contraseña provisional: (\S+)/.exec((await site.mail.waitFor('rosa@fundacion.mx')).text)?.[1] ?? ''
    secrets.push(provisional)
    const member = await createAccount(site, admin, { email: 'socio@fundacion.mx', role: 2 })
    secrets.push(member.provisional)

    await answer(userListResponseSchema, '/api/users/admin', { token: admin })
    await answer(userListResponseSchema, '/api/users', { token: admin })
    await answer(userResponseSchema, `/api/users/${id}`, { token: admin })
    await answer(userResponseSchema, `/api/users/edit/${id}`, { token: admin })
    await answer(userChangedResponseSchema, `/api/users/${id}`, {
      method: 'PUT',
      token: admin,
      json: { payload: { name: 'Rosa María', lastName: 'Lima', email: 'rosa@fundacion.mx', role: 1, permissions: [] }, historical },
    })
    await answer(provisionalPasswordResponseSchema, `/api/users/${id}/provisional-password`, { method: 'POST', token: admin, json: { historical } })
    await expect.poll(() => site.mail.mails.filter((mail) => mail.to.includes('rosa@fundacion.mx')).length).toBe(2)
    const reissued = /Contraseña provisional: (\S+)/.exec((await site.mail.waitFor('rosa@fundacion.mx')).text)?.[1] ?? ''
    secrets.push(reissued)

    const newPassword = 'Rosa#Clave2026'
    secrets.push(newPassword)
    await answer(tokenResponseSchema, '/api/auth/login', { method: 'POST', json: { email: 'rosa@fundacion.mx', password: reissued } })
    const rosa = await activateAccount(site, 'rosa@fundacion.mx', reissued, newPassword)
    const picture = await site.upload(rosa)
    await answer(profileUpdatedResponseSchema, '/api/users/profile', {
      method: 'PUT',
      token: rosa,
      json: { name: 'Rosa', lastName: 'Lima', email: 'rosa@fundacion.mx', thumbnail: picture },
    })
    await answer(userChangedResponseSchema, `/api/users/${id}`, { method: 'PUT', token: admin, json: { payload: { active: false }, historical: { cause: 'Desactivación', description: 'Ya no colabora' } } })
    await answer(historicalUserResponseSchema, `/api/historical/user/${id}`, { token: admin })
  })

  it('no answer holds a secret, a password or a password hash in any encoding', async () => {
    const hashes = await site.platform.runtimes.identity.context.db.query<{ hash: string; salt: string }>('select hash, salt from identity.credentials')
    const signingKeys = await site.platform.runtimes.identity.context.db.query<{ d: string }>("select private_jwk->>'d' as d from identity.signing_keys")
    const everything = [...secrets, ...hashes.rows.flatMap((row) => [row.hash, row.salt]), ...signingKeys.rows.map((row) => row.d)].filter((secret) => secret.length > 0)
    expect(answers.length).toBeGreaterThan(15)
    expect(everything.length).toBeGreaterThan(8)
    expect(secretsFoundIn(answers, everything)).toEqual([])
  })
})
