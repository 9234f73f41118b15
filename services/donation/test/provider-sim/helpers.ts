import https from 'node:https'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { Configuration, OrdersApi, TokensApi, WebhookKeysApi, type OrderRequest } from 'conekta'
import type { ProviderSim } from '../../../../tools/provider-sim/index.ts'

export function conektaClients(sim: ProviderSim, keys: { privateKey?: string; publicKey?: string } = {}) {
  const configuration = (accessToken: string) =>
    new Configuration({ accessToken, basePath: sim.conekta.baseUrl, baseOptions: { httpsAgent: new https.Agent() } })
  const privateConfig = configuration(keys.privateKey ?? sim.conekta.privateKey)
  return {
    orders: new OrdersApi(privateConfig),
    webhookKeys: new WebhookKeysApi(privateConfig),
    tokens: new TokensApi(configuration(keys.publicKey ?? sim.conekta.publicKey)),
  }
}

export async function cardToken(tokens: TokensApi, number: string): Promise<string> {
  const response = await tokens.createToken({ card: { number, name: 'Ana López', exp_month: '12', exp_year: '2035', cvc: '123' } })
  return response.data.id
}

export function cardOrder(tokenId: string, overrides: Partial<OrderRequest> = {}): OrderRequest {
  return {
    currency: 'MXN',
    customer_info: { name: 'Ana López', email: 'ana@example.com', phone: '5512345678' },
    line_items: [{ name: 'Donación a Campaña Uno', unit_price: 25_000, quantity: 1 }],
    metadata: { donation_id: 'don-1', campaign_id: 'camp-1' },
    charges: [{ payment_method: { type: 'card', token_id: tokenId } }],
    ...overrides,
  }
}

export function cashOrder(expiresAt: number, overrides: Partial<OrderRequest> = {}): OrderRequest {
  return cardOrder('unused', { charges: [{ payment_method: { type: 'cash', expires_at: expiresAt } }], ...overrides })
}

export function speiOrder(expiresAt: number, overrides: Partial<OrderRequest> = {}): OrderRequest {
  return cardOrder('unused', { charges: [{ payment_method: { type: 'spei', expires_at: expiresAt } }], ...overrides })
}

export interface HttpFailure {
  status: number
  data: unknown
}

/** The status and body of a failed SDK (axios) call; fails the test if the call succeeded. */
export async function failureOf(call: Promise<unknown>): Promise<HttpFailure> {
  try {
    await call
  } catch (error) {
    const response = typeof error === 'object' && error !== null && 'response' in error ? error.response : undefined
    if (typeof response === 'object' && response !== null && 'status' in response && typeof response.status === 'number' && 'data' in response) {
      return { status: response.status, data: response.data }
    }
    throw error
  }
  throw new Error('expected the call to fail')
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  rawBody: Buffer
}

/** A webhook receiver that records raw bodies and headers and answers `status`. */
export async function startReceiver() {
  const received: ReceivedWebhook[] = []
  let status = 200
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks) })
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"received":true}')
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    answer(next: number) {
      status = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
