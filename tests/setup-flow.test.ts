import { afterAll, beforeAll, expect, it } from 'vitest'
import { ident } from '@donaciones/kit'
import { adminCredentials, forEachEngine, startTestSite, storedSecrets, wizardPayload, type TestSite } from './support/site.ts'

/** Spec §2.4 and §4 (Setup), end to end through the gateway on a fresh data directory. */
forEachEngine('first-run setup through the gateway', (engine) => {
  let site: TestSite

  beforeAll(async () => {
    site = await startTestSite({ engine })
  })
  afterAll(() => site.stop())

  const categoryCount = async () => {
    const campaign = site.platform.runtimes.campaign.context
    const { rows } = await campaign.db.query<{ count: number }>(`select count(*)::int as count from ${ident(campaign.store.schema)}.categories`)
    return rows[0]?.count ?? 0
  }

  it('starts unconfigured', async () => {
    const response = await site.api('/api/init')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ configured: false })
  })

  it('refuses a payload with an invalid institution and leaves nothing behind', async () => {
    const payload = await wizardPayload(site, { institution: { name: 'x'.repeat(41), description: 'ok' } })
    const response = await site.api('/api/init', { method: 'POST', json: payload })
    expect(response.status).toBe(422)
    expect(JSON.stringify(await response.json())).toContain('El máximo de caracteres es de 40')
    expect(await (await site.api('/api/init')).json()).toEqual({ configured: false })
    expect(await categoryCount()).toBe(0)
    const login = await site.api('/api/auth/login', { method: 'POST', json: adminCredentials })
    expect(login.status).toBe(401)
  })

  it('configures the site, signs the administrator in and creates category and pages', async () => {
    const response = await site.api('/api/init', { method: 'POST', json: await wizardPayload(site) })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { token: string; user: { role: number; email: string } }
    expect(body.token).toBeTruthy()
    expect(body.user).toMatchObject({ role: 0, email: adminCredentials.email })

    const login = await site.api('/api/auth/login', { method: 'POST', json: { email: `  ${adminCredentials.email.toUpperCase()} `, password: adminCredentials.password } })
    expect(login.status).toBe(200)
    expect(await categoryCount()).toBe(1)

    for (const name of ['about-us', 'notice-of-privacy', 'terms-and-conditions']) {
      const page = await site.api(`/api/public/pages/${name}`)
      expect(page.status).toBe(200)
    }
    const about = (await (await site.api('/api/public/pages/about-us')).json()) as { description: string }
    expect(about.description).toContain('Nuestra misión')
    expect(about.description).not.toContain('<script')

    const init = await site.api('/api/init')
    const text = await init.text()
    expect(JSON.parse(text)).toMatchObject({
      configured: true,
      settings: { name: 'Fundación Ejemplo' },
      scripts: { conektaTokenizer: 'https://cdn.conekta.io/js/latest/conekta.js', paypalSdk: 'https://www.paypal.com/sdk/js' },
    })
    for (const secret of storedSecrets) expect(text).not.toContain(secret)
  })

  it('answers a second setup with 409 Registro ya existente', async () => {
    const response = await site.api('/api/init', { method: 'POST', json: await wizardPayload(site).catch(() => ({})) })
    expect(response.status).toBe(409)
    expect(((await response.json()) as { message: string }).message).toBe('Registro ya existente')
    expect(await categoryCount()).toBe(1)
  })
})
