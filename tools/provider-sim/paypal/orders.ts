import { isRecord, randomUpperId, type SimResponse } from '../http.ts'
import { invalidRequest, resourceNotFound, unprocessable } from './errors.ts'

export interface PaypalMoney {
  currency_code: string
  value: string
}

export interface PaypalLink {
  href: string
  rel: string
  method: 'GET' | 'POST' | 'PATCH'
}

export interface PaypalCapture {
  id: string
  status: 'COMPLETED'
  amount: PaypalMoney
  final_capture: true
  seller_protection: { status: 'ELIGIBLE'; dispute_categories: string[] }
  seller_receivable_breakdown: { gross_amount: PaypalMoney; paypal_fee: PaypalMoney; net_amount: PaypalMoney }
  custom_id?: string
  invoice_id?: string
  links: PaypalLink[]
  create_time: string
  update_time: string
}

export interface PaypalPurchaseUnit {
  reference_id: string
  amount: PaypalMoney
  payee: { email_address: string; merchant_id: string }
  custom_id?: string
  invoice_id?: string
  description?: string
  payments?: { captures: PaypalCapture[] }
}

export interface PaypalPayer {
  name: { given_name: string; surname: string }
  email_address: string
  payer_id: string
  address: { country_code: 'MX' }
}

export type PaypalOrderStatus = 'CREATED' | 'APPROVED' | 'COMPLETED'

export interface PaypalOrder {
  id: string
  intent: 'CAPTURE'
  status: PaypalOrderStatus
  purchase_units: PaypalPurchaseUnit[]
  payer?: PaypalPayer
  payment_source?: { paypal: { email_address: string; account_id: string; account_status: 'VERIFIED'; name: PaypalPayer['name'] } }
  create_time: string
  update_time: string
  links: PaypalLink[]
}

interface StoredOrder {
  order: PaypalOrder
  /** Set when the payer "approved" with an instrument that will be declined at capture. */
  instrumentDeclined: boolean
  returnUrl?: string
  cancelUrl?: string
}

export const merchant = { email_address: 'ventas@donaciones.example', merchant_id: 'SIMMERCHANT01' } as const

/** An e-mail whose local part is `declined` approves an order whose capture fails with INSTRUMENT_DECLINED. */
export const declinedPayerEmail = 'declined@example.com'

const moneyPattern = /^\d{1,10}(\.\d{1,2})?$/

function toCents(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

function fromCents(cents: number): string {
  return (cents / 100).toFixed(2)
}

/** PayPal's Mexican commercial rate: 3.95% + $4.00 MXN (never more than the gross). */
export function paypalFeeCents(grossCents: number): number {
  return Math.min(grossCents, Math.round(grossCents * 0.0395) + 400)
}

function splitName(name: string): PaypalPayer['name'] {
  const parts = name.trim().split(/\s+/)
  return { given_name: parts[0] ?? 'Comprador', surname: parts.slice(1).join(' ') || 'Prueba' }
}

function urlFrom(body: Record<string, unknown>, field: 'return_url' | 'cancel_url'): string | undefined {
  const fromContext = isRecord(body.application_context) ? body.application_context[field] : undefined
  const source = isRecord(body.payment_source) && isRecord(body.payment_source.paypal) ? body.payment_source.paypal.experience_context : undefined
  const fromSource = isRecord(source) ? source[field] : undefined
  const url = fromSource ?? fromContext
  return typeof url === 'string' ? url : undefined
}

function optionalString(unit: Record<string, unknown>, field: string, max: number): string | undefined | false {
  const value = unit[field]
  if (value === undefined) return undefined
  return typeof value === 'string' && value.length <= max ? value : false
}

/** PayPal Orders v2 state: create, approve (the buyer's step), capture. Returns copies. */
export class PaypalOrderStore {
  private readonly orders = new Map<string, StoredOrder>()

  constructor(private readonly baseUrl: () => string) {}

  private links(id: string): PaypalLink[] {
    const base = this.baseUrl()
    return [
      { href: `${base}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
      { href: `${base}/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
      { href: `${base}/v2/checkout/orders/${id}`, rel: 'update', method: 'PATCH' },
      { href: `${base}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
    ]
  }

  create(body: unknown): SimResponse {
    if (!isRecord(body)) return invalidRequest('/', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.')
    if (body.intent !== 'CAPTURE') {
      return invalidRequest('/intent', body.intent === undefined ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE', 'Only intent CAPTURE is simulated.')
    }
    const units = body.purchase_units
    if (!Array.isArray(units) || units.length !== 1 || !isRecord(units[0])) {
      return invalidRequest('/purchase_units', 'MISSING_REQUIRED_PARAMETER', 'Exactly one purchase unit is simulated.')
    }
    const unit = units[0]
    const amount = unit.amount
    if (!isRecord(amount) || typeof amount.value !== 'string' || typeof amount.currency_code !== 'string') {
      return invalidRequest('/purchase_units/@reference_id==\'default\'/amount', 'MISSING_REQUIRED_PARAMETER', 'amount.currency_code and amount.value (a decimal string) are required.')
    }
    if (!moneyPattern.test(amount.value)) {
      return invalidRequest('/purchase_units/@reference_id==\'default\'/amount/value', 'DECIMAL_PRECISION', 'The value must be a decimal string with at most two decimals.', amount.value)
    }
    if (toCents(amount.value) <= 0) {
      return unprocessable('AMOUNT_MUST_BE_POSITIVE', 'The amount must be greater than zero.')
    }
    if (amount.currency_code !== 'MXN') {
      return unprocessable('CURRENCY_NOT_SUPPORTED_FOR_RECEIVER', 'The payee only receives MXN in the simulator.')
    }
    const customId = optionalString(unit, 'custom_id', 127)
    const invoiceId = optionalString(unit, 'invoice_id', 127)
    const description = optionalString(unit, 'description', 127)
    const referenceId = optionalString(unit, 'reference_id', 256)
    if (customId === false || invoiceId === false || description === false || referenceId === false) {
      return invalidRequest('/purchase_units/@reference_id==\'default\'', 'INVALID_PARAMETER_VALUE', 'custom_id, invoice_id, description and reference_id must be short strings.')
    }
    const id = randomUpperId()
    const now = new Date().toISOString()
    const order: PaypalOrder = {
      id,
      intent: 'CAPTURE',
      status: 'CREATED',
      purchase_units: [
        {
          reference_id: referenceId ?? 'default',
          amount: { currency_code: 'MXN', value: fromCents(toCents(amount.value)) },
          payee: { ...merchant },
          ...(customId === undefined ? {} : { custom_id: customId }),
          ...(invoiceId === undefined ? {} : { invoice_id: invoiceId }),
          ...(description === undefined ? {} : { description }),
        },
      ],
      create_time: now,
      update_time: now,
      links: this.links(id),
    }
    const returnUrl = urlFrom(body, 'return_url')
    const cancelUrl = urlFrom(body, 'cancel_url')
    this.orders.set(id, { order, instrumentDeclined: false, ...(returnUrl ? { returnUrl } : {}), ...(cancelUrl ? { cancelUrl } : {}) })
    return { status: 201, body: structuredClone(order) }
  }

  get(id: string): PaypalOrder | undefined {
    const stored = this.orders.get(id)
    return stored && structuredClone(stored.order)
  }

  redirects(id: string): { returnUrl?: string; cancelUrl?: string } {
    const stored = this.orders.get(id)
    return { ...(stored?.returnUrl ? { returnUrl: stored.returnUrl } : {}), ...(stored?.cancelUrl ? { cancelUrl: stored.cancelUrl } : {}) }
  }

  all(): PaypalOrder[] {
    return [...this.orders.values()].map((stored) => structuredClone(stored.order))
  }

  /** The buyer's approval. Throws for unknown or already captured orders. */
  approve(id: string, payer: { name?: string; email?: string } = {}): PaypalOrder {
    const stored = this.orders.get(id)
    if (!stored) throw new Error(`provider-sim: no PayPal order ${id}`)
    if (stored.order.status === 'COMPLETED') throw new Error(`provider-sim: PayPal order ${id} is already captured`)
    const email = payer.email ?? 'comprador@example.com'
    const name = splitName(payer.name ?? 'Comprador Prueba')
    const payerId = randomUpperId(13)
    stored.instrumentDeclined = email.split('@')[0]?.toLowerCase() === 'declined'
    stored.order.status = 'APPROVED'
    stored.order.payer = { name, email_address: email, payer_id: payerId, address: { country_code: 'MX' } }
    stored.order.payment_source = { paypal: { email_address: email, account_id: payerId, account_status: 'VERIFIED', name } }
    stored.order.update_time = new Date().toISOString()
    return structuredClone(stored.order)
  }

  capture(id: string): SimResponse {
    const stored = this.orders.get(id)
    if (!stored) return resourceNotFound()
    const order = stored.order
    if (order.status === 'COMPLETED') {
      return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured. If \'intent=CAPTURE\' only one capture per order is allowed.')
    }
    if (order.status !== 'APPROVED') {
      return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment. Please redirect the payer to the \'rel\':\'approve\' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.')
    }
    if (stored.instrumentDeclined) {
      stored.instrumentDeclined = false
      order.status = 'CREATED'
      return unprocessable('INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it can\'t be used for this payment.')
    }
    const now = new Date().toISOString()
    for (const unit of order.purchase_units) {
      const gross = toCents(unit.amount.value)
      const fee = paypalFeeCents(gross)
      const captureId = randomUpperId()
      const base = this.baseUrl()
      unit.payments = {
        captures: [
          {
            id: captureId,
            status: 'COMPLETED',
            amount: { ...unit.amount },
            final_capture: true,
            seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
            seller_receivable_breakdown: {
              gross_amount: { ...unit.amount },
              paypal_fee: { currency_code: unit.amount.currency_code, value: fromCents(fee) },
              net_amount: { currency_code: unit.amount.currency_code, value: fromCents(gross - fee) },
            },
            ...(unit.custom_id === undefined ? {} : { custom_id: unit.custom_id }),
            ...(unit.invoice_id === undefined ? {} : { invoice_id: unit.invoice_id }),
            links: [
              { href: `${base}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
              { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
            ],
            create_time: now,
            update_time: now,
          },
        ],
      }
    }
    order.status = 'COMPLETED'
    order.update_time = now
    order.links = [{ href: `${this.baseUrl()}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }]
    return { status: 201, body: structuredClone(order) }
  }
}
