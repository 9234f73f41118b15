import { paypalErrorSchema, paypalOrderSchema, type PaypalOrder } from './paypal-types.ts'

/** A PayPal error answer: status, `name` (ORDER_NOT_APPROVED…) and the first detail's issue. */
export class PaypalError extends Error {
  override readonly name = 'PaypalError'
  constructor(
    readonly status: number | undefined,
    readonly errorName: string | undefined,
    readonly issue: string | undefined,
    message: string,
  ) {
    super(message)
  }

  is(code: string): boolean {
    return this.errorName === code || this.issue === code
  }
}

export interface PaypalCredentials {
  clientId: string
  secret: string
}

export interface WebhookVerification {
  headers: Record<string, string | undefined>
  webhookId: string
  event: unknown
}

/** The body as JSON, or undefined when it is empty or not JSON (an HTML error page). */
function parseJson(text: string): unknown {
  if (!text) return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** Why fetch got no answer: the socket's code and text (fetch itself only says 'fetch failed'). */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined
  if (cause && typeof cause.message === 'string') return typeof cause.code === 'string' && !cause.message.includes(cause.code) ? `${cause.code} ${cause.message}` : cause.message
  return error instanceof Error ? error.message : String(error)
}

const tokenCache = new Map<string, { token: string; expiresAt: number }>()

/** A small typed client of the Orders v2 endpoints we use (the maintained SDK cannot take a base URL). */
export class PaypalClient {
  constructor(
    private readonly credentials: PaypalCredentials,
    private readonly baseUrl: string,
  ) {}

  /** `fresh`: asks PayPal even when a token of these credentials is kept ('Probar conexión'). */
  private async accessToken(options: { fresh?: boolean; timeoutMs?: number } = {}): Promise<string> {
    const cacheKey = `${this.baseUrl} ${this.credentials.clientId} ${this.credentials.secret}`
    const cached = tokenCache.get(cacheKey)
    if (!options.fresh && cached && cached.expiresAt > Date.now() + 30_000) return cached.token
    const basic = Buffer.from(`${this.credentials.clientId}:${this.credentials.secret}`).toString('base64')
    const response = await this.fetch(
      '/v1/oauth2/token',
      { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' },
      options.timeoutMs,
    )
    const body = (await this.read(response)) as { access_token?: unknown; expires_in?: unknown }
    if (typeof body.access_token !== 'string') throw new PaypalError(response.status, 'AUTHENTICATION_FAILURE', undefined, 'PayPal no entregó un token de acceso')
    tokenCache.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + (typeof body.expires_in === 'number' ? body.expires_in : 300) * 1000 })
    return body.access_token
  }

  private async fetch(path: string, init: RequestInit, timeoutMs = 20_000): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      throw new PaypalError(undefined, 'NETWORK', undefined, `No fue posible comunicarse con PayPal: ${networkReason(error)}`)
    }
  }

  private async read(response: Response): Promise<unknown> {
    const text = await response.text()
    const body = parseJson(text)
    if (response.ok) {
      if (body === undefined) throw new PaypalError(response.status, 'INVALID_RESPONSE', undefined, `PayPal respondió ${response.status} sin JSON`)
      return body
    }
    // Orders v2 errors say {name, message, details}; the OAuth endpoint {error, error_description}; a proxy may answer HTML.
    const parsed = paypalErrorSchema.safeParse(body ?? {})
    const error = parsed.success ? parsed.data : {}
    const message = error.message ?? error.error_description ?? `PayPal respondió ${response.status}`
    throw new PaypalError(response.status, error.name ?? error.error, error.details?.[0]?.issue, message)
  }

  /**
   * 'Probar conexión': the OAuth client-credentials call with these credentials (nothing is created),
   * never answered from the kept tokens. Rejects with the PaypalError of what went wrong.
   */
  async checkCredentials(timeoutMs = 10_000): Promise<void> {
    await this.accessToken({ fresh: true, timeoutMs })
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<unknown> {
    const token = await this.accessToken()
    const response = await this.fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return this.read(response)
  }

  async createOrder(order: unknown, requestId: string): Promise<PaypalOrder> {
    return paypalOrderSchema.parse(await this.call('POST', '/v2/checkout/orders', order, requestId))
  }

  async captureOrder(id: string, requestId: string): Promise<PaypalOrder> {
    return paypalOrderSchema.parse(await this.call('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, requestId))
  }

  async getOrder(id: string): Promise<PaypalOrder> {
    return paypalOrderSchema.parse(await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`))
  }

  /** PayPal checks the transmission headers against the event and the webhook id. */
  async verifyWebhook(verification: WebhookVerification): Promise<boolean> {
    const header = (name: string) => verification.headers[name] ?? ''
    const body = (await this.call('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: header('paypal-auth-algo'),
      cert_url: header('paypal-cert-url'),
      transmission_id: header('paypal-transmission-id'),
      transmission_sig: header('paypal-transmission-sig'),
      transmission_time: header('paypal-transmission-time'),
      webhook_id: verification.webhookId,
      webhook_event: verification.event,
    })) as { verification_status?: unknown }
    return body.verification_status === 'SUCCESS'
  }
}
