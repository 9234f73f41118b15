import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProviderSim, type ProviderSim } from '../../../../tools/provider-sim/index.ts'
import { cardOrder, cashOrder, conektaClients } from './helpers.ts'

let sim: ProviderSim

beforeAll(async () => {
  sim = await startProviderSim()
})

afterAll(async () => {
  await sim.close()
})

interface TokenizerWindow {
  Conekta: {
    setPublicKey(key: string): void
    Token: { create(params: unknown, onSuccess: (token: { id: string }) => void, onError: (error: { message_to_purchaser: string; message: string }) => void): void }
  }
}

/** Loads a served script into a fresh context with `window` and `fetch`, as a page would. */
async function loadScript(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url)
  expect(response.headers.get('content-type')).toContain('javascript')
  const window: Record<string, unknown> = {}
  runInNewContext(await response.text(), { window, fetch, JSON, Promise, String, encodeURIComponent })
  return window
}

function tokenize(window: TokenizerWindow, card: Record<string, string>): Promise<{ ok: true; id: string } | { ok: false; message_to_purchaser: string; message: string }> {
  return new Promise((resolve) => {
    window.Conekta.Token.create(
      { card },
      (token) => resolve({ ok: true, id: token.id }),
      (error) => resolve({ ok: false, message_to_purchaser: error.message_to_purchaser, message: error.message }),
    )
  })
}

describe('browser tokenizer (conekta.js)', () => {
  it('tokenizes with the public key; the token charges through the SDK', async () => {
    const window = (await loadScript(`${sim.conekta.baseUrl}/conekta.js`)) as unknown as TokenizerWindow
    window.Conekta.setPublicKey(sim.conekta.publicKey)
    const result = await tokenize(window, { number: '4242 4242 4242 4242', name: 'Ana López', exp_month: '12', exp_year: '35', cvc: '123' })
    if (!result.ok) throw new Error(result.message)
    expect(result.id).toMatch(/^tok_/)
    const { data: order } = await conektaClients(sim).orders.createOrder(cardOrder(result.id))
    expect(order.payment_status).toBe('paid')
  })

  it('reports errors with a Spanish message for the purchaser', async () => {
    const window = (await loadScript(`${sim.conekta.baseUrl}/conekta.js`)) as unknown as TokenizerWindow
    window.Conekta.setPublicKey(sim.conekta.publicKey)
    const invalid = await tokenize(window, { number: '1234', name: 'Ana', exp_month: '12', exp_year: '2035', cvc: '123' })
    expect(invalid).toMatchObject({ ok: false, message_to_purchaser: 'El número de la tarjeta es inválido.' })
    window.Conekta.setPublicKey('key_wrong')
    expect(await tokenize(window, { number: '4242424242424242', name: 'Ana', exp_month: '12', exp_year: '2035', cvc: '123' })).toMatchObject({ ok: false })
  })

  it('answers CORS preflights from another origin', async () => {
    const preflight = await fetch(`${sim.conekta.baseUrl}/tokens`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type,accept' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization')
  })
})

describe('PayPal JS SDK stand-in', () => {
  it('defines paypal.Buttons with render', async () => {
    const window = await loadScript(`${sim.paypal.baseUrl}/sdk.js`)
    const paypal = window.paypal as { Buttons: (options: object) => { render: unknown; isEligible: () => boolean } }
    const buttons = paypal.Buttons({})
    expect(typeof buttons.render).toBe('function')
    expect(buttons.isEligible()).toBe(true)
  })
})

describe('HTTP test controls', () => {
  it('pays and expires OXXO orders over /_sim', async () => {
    const orders = conektaClients(sim).orders
    const expiresAt = Math.floor(Date.now() / 1000) + 3600
    const { data: toPay } = await orders.createOrder(cashOrder(expiresAt))
    const { data: toExpire } = await orders.createOrder(cashOrder(expiresAt))
    expect((await fetch(`${sim.url}/_sim/oxxo/${toPay.id}/pay`, { method: 'POST' })).status).toBe(200)
    expect((await fetch(`${sim.url}/_sim/oxxo/${toExpire.id}/expire`, { method: 'POST' })).status).toBe(200)
    expect((await orders.getOrderById(toPay.id ?? '')).data.payment_status).toBe('paid')
    expect((await orders.getOrderById(toExpire.id ?? '')).data.payment_status).toBe('expired')
    const again = await fetch(`${sim.url}/_sim/oxxo/${toPay.id}/pay`, { method: 'POST' })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ ok: false })
  })
})
