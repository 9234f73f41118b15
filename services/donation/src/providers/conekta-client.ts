import https from 'node:https'
import { Configuration, OrdersApi, WebhookKeysApi, type OrderRequest } from 'conekta'
import { conektaErrorSchema, conektaOrderListSchema, conektaOrderSchema, type ConektaOrder } from './conekta-types.ts'

/** A Conekta answer that was an error: status and the provider's (Spanish) message. */
export class ConektaError extends Error {
  override readonly name = 'ConektaError'
  constructor(
    readonly status: number | undefined,
    message: string,
    readonly code: string | undefined,
    readonly type: string | undefined,
  ) {
    super(message)
  }

  /** The donor's card or data was refused (as opposed to our keys or the network). */
  get isDecline(): boolean {
    return this.status === 402 || this.status === 400 || this.status === 422 || this.status === 428
  }
}

function toConektaError(error: unknown): ConektaError {
  const failure = error as { response?: { status?: number; data?: unknown }; code?: unknown } | undefined
  const response = failure?.response
  if (!response) {
    // No answer: the connection's own code (ECONNREFUSED, ENOTFOUND, ECONNABORTED…) says why.
    const code = typeof failure?.code === 'string' ? ` (${failure.code})` : ''
    return new ConektaError(undefined, `No fue posible comunicarse con el proveedor de pagos${code}`, undefined, undefined)
  }
  const parsed = conektaErrorSchema.safeParse(response.data)
  const detail = parsed.success ? parsed.data.details?.[0] : undefined
  const fallback = response.status !== undefined && response.status >= 500 ? `Conekta respondió ${response.status}` : 'El proveedor de pagos rechazó la operación'
  return new ConektaError(response.status, detail?.message ?? fallback, detail?.code, parsed.success ? parsed.data.type : undefined)
}

export async function callConekta<T>(request: () => Promise<{ data: unknown }>, parse: (data: unknown) => T): Promise<T> {
  let data: unknown
  try {
    data = (await request()).data
  } catch (error) {
    throw toConektaError(error)
  }
  return parse(data)
}

/**
 * How long a Conekta call may wait for its answer. Without a limit a provider that accepts the
 * connection and never answers would hold the donor's request, and the worker, for good; a call
 * cut short fails like any unreachable provider, and an order it may still have created is found by
 * reconciliation (paid orders not recorded).
 */
export const CONEKTA_TIMEOUT_MS = 30_000

/**
 * The official SDK's settings: always a TLS-verifying agent (9.0.0 turns verification off when
 * none is given), its own base path (never a global axios baseURL) and a bounded wait.
 */
export function conektaConfiguration(privateKey: string, basePath: string, timeoutMs = CONEKTA_TIMEOUT_MS): Configuration {
  return new Configuration({ accessToken: privateKey, basePath, baseOptions: { httpsAgent: new https.Agent(), timeout: timeoutMs } })
}

/** Orders and webhook keys through the official SDK (see conektaConfiguration). */
export class ConektaClient {
  private readonly configuration: Configuration

  constructor(privateKey: string, basePath: string, timeoutMs = CONEKTA_TIMEOUT_MS) {
    this.configuration = conektaConfiguration(privateKey, basePath, timeoutMs)
  }

  createOrder(order: OrderRequest, idempotencyKey: string): Promise<ConektaOrder> {
    const api = new OrdersApi(this.configuration)
    return callConekta(() => api.createOrder(order, 'es', undefined, { headers: { 'Idempotency-Key': idempotencyKey } }), (data) => conektaOrderSchema.parse(data))
  }

  getOrder(id: string): Promise<ConektaOrder> {
    const api = new OrdersApi(this.configuration)
    return callConekta(() => api.getOrderById(id, 'es'), (data) => conektaOrderSchema.parse(data))
  }

  /** Orders created since `since` (unix seconds) with a payment status, following the pages. */
  async listOrders(paymentStatus: string, since: number, maxPages = 20): Promise<ConektaOrder[]> {
    const api = new OrdersApi(this.configuration)
    const orders: ConektaOrder[] = []
    let next: string | undefined
    for (let page = 0; page < maxPages; page++) {
      const cursor = next
      const list = await callConekta(
        () => api.getOrders('es', undefined, 100, undefined, cursor, undefined, paymentStatus, undefined, undefined, since),
        (data) => conektaOrderListSchema.parse(data),
      )
      orders.push(...list.data)
      const last = list.data.at(-1)
      if (!list.has_more || !last) break
      next = last.id
    }
    return orders
  }

  /**
   * 'Probar conexión': an authenticated read that costs nothing (one order at most, never kept),
   * answered within `timeoutMs`. Rejects with the ConektaError of what went wrong.
   */
  async ping(timeoutMs = 10_000): Promise<void> {
    const api = new OrdersApi(this.configuration)
    const options = { timeout: timeoutMs }
    await callConekta(
      () => api.getOrders('es', undefined, 1, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, options),
      (data) => conektaOrderListSchema.parse(data),
    )
  }

  /** A webhook key: the RSA public key (PEM) that verifies the DIGEST header of webhooks. */
  async createWebhookKey(): Promise<string> {
    const api = new WebhookKeysApi(this.configuration)
    return callConekta(
      () => api.createWebhookKey('es'),
      (data) => {
        const key = (data as { public_key?: unknown } | undefined)?.public_key
        if (typeof key !== 'string' || !key) throw new Error('Conekta no devolvió la llave de webhooks')
        return key
      },
    )
  }
}
