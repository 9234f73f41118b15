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

const tokenCache = new Map<string, { token: string; expiresAt: number }>()

/** A small typed client of the Orders v2 endpoints we use (the maintained SDK cannot take a base URL). */
export class PaypalClient {
  constructor(
    private readonly credentials: PaypalCredentials,
    private readonly baseUrl: string,
  ) {}

  private async accessToken(): Promise<string> {
    const cacheKey = `${this.baseUrl} ${this.credentials.clientId} ${this.credentials.secret}`
    const cached = tokenCache.get(cacheKey)
    if (cached && cached.expiresAt > Date.now() + 30_000) return cached.token
    const basic = Buffer.from(`${this.credentials.clientId}:${this.credentials.secret}`).toString('base64')
    const response = await this.fetch('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })
    const body = (await this.read(response)) as { access_token?: unknown; expires_in?: unknown }
    if (typeof body.access_token !== 'string') throw new PaypalError(response.status, 'AUTHENTICATION_FAILURE', undefined, 'PayPal no entregó un token de acceso')
    tokenCache.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + (typeof body.expires_in === 'number' ? body.expires_in : 300) * 1000 })
    return body.access_token
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(20_000) })
    } catch (error) {
      throw new PaypalError(undefined, 'NETWORK', undefined, `No fue posible comunicarse con PayPal: ${String(error)}`)
    }
  }

  private async read(response: Response): Promise<unknown> {
    const text = await response.text()
    const body: unknown = text ? JSON.parse(text) : {}
    if (response.ok) return body
    const parsed = paypalErrorSchema.safeParse(body)
    const error = parsed.success ? parsed.data : {}
    throw new PaypalError(response.status, error.name, error.details?.[0]?.issue, error.message ?? `PayPal respondió ${response.status}`)
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
