import { afterAll, beforeAll, expect, it } from 'vitest'
import { adminCredentials, configureSite, forEachEngine, startTestSite, type TestSite } from '../support/site.ts'

/**
 * Login brute force is throttled. The identity service's limits are 5 failures per (e-mail,
 * address) and 20 per client address in 15 minutes (services/identity/src/config.ts); an e-mail's
 * failures from every address slow its sign-ins down but never lock its owner out.
 * An attacker sends guesses in parallel, so the limit must hold for concurrent requests too:
 * no more passwords are checked than the limit allows, whatever the number in flight.
 */

let site: TestSite

const login = (email: string, password: string, from?: string) =>
  site.api('/api/auth/login', { method: 'POST', json: { email, password }, ...(from ? { headers: { 'x-forwarded-for': from } } : {}) })

async function expectThrottled(response: Response): Promise<void> {
  expect(response.status).toBe(429)
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
  const body = (await response.json()) as Record<string, unknown>
  expect(body.message).toBe('Demasiados intentos')
  expect(String(body.description)).toMatch(/^Ha superado el número de intentos permitidos\. Intente de nuevo en \d+ minutos?\.$/)
  expect(body).not.toHaveProperty('token')
}

forEachEngine('login brute force', (engine) => {
  beforeAll(async () => {
    site = await startTestSite({ engine })
    await configureSite(site)
  })

  afterAll(async () => {
    await site?.stop()
  })

  it('checks at most 5 guesses for one e-mail from one address when 40 arrive at once, then refuses even the right password from there', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => login(adminCredentials.email, `Incorrecta#${index}x`)))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(35)
    for (const answer of answers.filter((candidate) => candidate.status === 429)) await expectThrottled(answer)

    await expectThrottled(await login(adminCredentials.email, adminCredentials.password))
    // The service applies the limit itself: asked directly, it refuses too.
    const identityUrl = site.platform.runtimes.identity.context.directory.urlsOf('identity')[0]
    const direct = await fetch(`${identityUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(adminCredentials),
    })
    await expectThrottled(direct)
    // The attacker cannot keep the owner out: from another address the right password signs in.
    const owner = await login(adminCredentials.email, adminCredentials.password, '203.0.113.7')
    expect(owner.status).toBe(200)
  })

  it('throttles one client address guessing across many e-mails', async () => {
    // 5 failures from the test above already count against this address; 15 more reach 20.
    const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => login(`persona${index}@correo.mx`, 'Incorrecta#1x')))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(15)
    expect(statuses.filter((status) => status === 429)).toHaveLength(15)
    await expectThrottled(await login('otra.persona@correo.mx', 'Incorrecta#1x'))
  })
})
