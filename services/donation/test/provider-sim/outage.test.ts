import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProviderSim, type ProviderSim } from '../../../../tools/provider-sim/index.ts'
import { cardToken, conektaClients } from './helpers.ts'

const CONEKTA_ACCEPT = 'application/vnd.conekta-v2.2.0+json'

/** The simulator's outages: what a provider in trouble answers our server, while what browsers load keeps working. */
describe('provider-sim outages', () => {
  let sim: ProviderSim

  beforeAll(async () => {
    sim = await startProviderSim()
  })
  afterAll(() => sim.close())

  const conekta = (path: string, key = sim.conekta.privateKey) => fetch(`${sim.conekta.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}`, accept: CONEKTA_ACCEPT } })
  const paypalToken = (secret = sim.paypal.secret) =>
    fetch(`${sim.paypal.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${sim.paypal.clientId}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })

  it('refuses a wrong key with 401 whatever the outage', async () => {
    expect((await conekta('/orders?limit=1', 'key_equivocada')).status).toBe(401)
    const refused = await paypalToken('otro-secreto')
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ error: 'invalid_client', error_description: 'Client Authentication failed' })
  })

  it("answers a 5xx with the provider's error body, keeping the tokenizer and PayPal's pages", async () => {
    sim.setOutage('conekta', { status: 503 })
    sim.setOutage('paypal', { status: 502 })
    try {
      const down = await conekta('/orders?limit=1')
      expect(down.status).toBe(503)
      expect(await down.json()).toMatchObject({ object: 'error', type: 'api_error', details: [{ code: 'conekta.errors.api.system.general_failure' }] })
      expect(await cardToken(conektaClients(sim).tokens, '4242424242424242')).toMatch(/^tok_/)
      expect((await fetch(`${sim.conekta.baseUrl}/conekta.js`)).status).toBe(200)
      const paypal = await paypalToken()
      expect(paypal.status).toBe(502)
      expect(await paypal.json()).toMatchObject({ name: 'INTERNAL_SERVER_ERROR' })
      expect((await fetch(`${sim.paypal.baseUrl}/sdk.js`)).status).toBe(200)
    } finally {
      sim.setOutage('conekta', null)
      sim.setOutage('paypal', null)
    }
    expect((await conekta('/orders?limit=1')).status).toBe(200)
    expect((await paypalToken()).status).toBe(200)
  })

  it('cuts the connection without an answer, and is controlled over HTTP too', async () => {
    const control = (provider: string, body: unknown) => fetch(`${sim.url}/_sim/outage/${provider}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect((await control('conekta', { disconnect: true })).status).toBe(200)
    await expect(conekta('/orders?limit=1')).rejects.toThrow()
    expect((await control('conekta', {})).status).toBe(200)
    expect((await conekta('/orders?limit=1')).status).toBe(200)
    expect((await control('stripe', {})).status).toBe(404)
  })
})
