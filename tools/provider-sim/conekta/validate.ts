import { isRecord, nowSeconds, type JsonObject, type SimResponse } from '../http.ts'
import type { CardDetails } from './cards.ts'
import { luhnValid } from './cards.ts'
import { invalidParameter } from './errors.ts'

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: SimResponse }

export interface CustomerInfo {
  name: string
  email: string
  phone: string
}

export interface LineItem {
  name: string
  unit_price: number
  quantity: number
}

export type ChargeInput = { type: 'card'; tokenId: string } | { type: 'cash'; expiresAt: number } | { type: 'spei'; expiresAt: number }

export interface OrderInput {
  currency: 'MXN'
  customerInfo: CustomerInfo
  lineItems: LineItem[]
  amount: number
  metadata: JsonObject
  charge: ChargeInput
}

/** Cash references expire after this long unless `expires_at` says otherwise. */
export const defaultCashLifetimeSeconds = 3 * 24 * 3600
const maxCashLifetimeSeconds = 31 * 24 * 3600

function fail<T>(param: string, debugMessage: string, message?: string): Parsed<T> {
  return { ok: false, error: invalidParameter(param, debugMessage, message) }
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

function positiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}

export function parseTokenRequest(body: unknown): Parsed<CardDetails> {
  const card = isRecord(body) ? body.card : undefined
  if (!isRecord(card)) return fail('card', 'The card object is required.', 'Los datos de la tarjeta son requeridos.')
  const number = typeof card.number === 'string' || typeof card.number === 'number' ? String(card.number).replace(/[\s-]/g, '') : ''
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) {
    return fail('card.number', 'The card number is invalid.', 'El número de la tarjeta es inválido.')
  }
  if (!nonEmptyString(card.name)) return fail('card.name', 'The cardholder name is required.', 'El nombre del tarjetahabiente es requerido.')
  const month = Number(card.exp_month)
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return fail('card.exp_month', 'The expiration month is invalid.', 'El mes de expiración es inválido.')
  }
  let year = Number(card.exp_year)
  if (!Number.isInteger(year)) return fail('card.exp_year', 'The expiration year is invalid.', 'El año de expiración es inválido.')
  if (year < 100) year += 2000
  const now = new Date()
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return fail('card.exp_year', 'The card has expired.', 'La tarjeta ha expirado.')
  }
  const cvc = typeof card.cvc === 'string' || typeof card.cvc === 'number' ? String(card.cvc) : ''
  if (!/^\d{3,4}$/.test(cvc)) return fail('card.cvc', 'The CVC is invalid.', 'El código de seguridad es inválido.')
  return {
    ok: true,
    value: { number, name: card.name.trim(), exp_month: String(month).padStart(2, '0'), exp_year: String(year), cvc },
  }
}

function parseCustomerInfo(value: unknown): Parsed<CustomerInfo> {
  if (!isRecord(value)) return fail('customer_info', 'customer_info is required.')
  for (const field of ['name', 'email', 'phone'] as const) {
    if (!nonEmptyString(value[field])) return fail(`customer_info.${field}`, `customer_info.${field} is required.`)
  }
  const { name, email, phone } = value as Record<'name' | 'email' | 'phone', string>
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return fail('customer_info.email', 'customer_info.email is not a valid e-mail.', 'El correo electrónico no es válido.')
  return { ok: true, value: { name, email, phone } }
}

function parseLineItems(value: unknown): Parsed<LineItem[]> {
  if (!Array.isArray(value) || value.length === 0) return fail('line_items', 'line_items must be a non-empty array.')
  const items: LineItem[] = []
  for (const [index, item] of value.entries()) {
    if (!isRecord(item) || !nonEmptyString(item.name)) return fail(`line_items[${index}].name`, 'Each line item needs a name.')
    if (!positiveInteger(item.unit_price)) {
      return fail(`line_items[${index}].unit_price`, 'unit_price must be a positive integer amount in cents.', 'El precio unitario debe ser un entero en centavos.')
    }
    if (!positiveInteger(item.quantity)) return fail(`line_items[${index}].quantity`, 'quantity must be a positive integer.')
    items.push({ name: item.name, unit_price: item.unit_price, quantity: item.quantity })
  }
  return { ok: true, value: items }
}

function parseCharge(value: unknown, amount: number): Parsed<ChargeInput> {
  if (!Array.isArray(value) || value.length !== 1) return fail('charges', 'Exactly one charge is supported.')
  const charge: unknown = value[0]
  if (!isRecord(charge) || !isRecord(charge.payment_method)) return fail('charges[0].payment_method', 'payment_method is required.')
  if (charge.amount !== undefined && charge.amount !== amount) return fail('charges[0].amount', 'The charge amount must equal the order amount.')
  const method = charge.payment_method
  if (method.type === 'card') {
    if (!nonEmptyString(method.token_id)) return fail('charges[0].payment_method.token_id', 'token_id is required for card charges.')
    return { ok: true, value: { type: 'card', tokenId: method.token_id } }
  }
  if (method.type === 'cash' || method.type === 'oxxo_cash') return pendingCharge('cash', method.expires_at)
  if (method.type === 'spei') return pendingCharge('spei', method.expires_at)
  return fail('charges[0].payment_method.type', 'Only card, cash and spei payment methods are simulated.', 'El método de pago no es válido.')
}

/** A charge paid later (cash at a store, a SPEI transfer): by `expiresAt`, three days from now when not given. */
function pendingCharge(type: 'cash' | 'spei', expiresAt: unknown): Parsed<ChargeInput> {
  const now = nowSeconds()
  if (expiresAt === undefined) return { ok: true, value: { type, expiresAt: now + defaultCashLifetimeSeconds } }
  if (!positiveInteger(expiresAt) || expiresAt <= now || expiresAt > now + maxCashLifetimeSeconds) {
    return fail('charges[0].payment_method.expires_at', 'expires_at must be a unix time (seconds) in the next 31 days.', 'La fecha de expiración no es válida.')
  }
  return { ok: true, value: { type, expiresAt } }
}

/** Validates a `POST /orders` body: MXN only, integer cents, one card, cash or SPEI charge. */
export function parseOrderRequest(body: unknown): Parsed<OrderInput> {
  if (!isRecord(body)) return fail('order', 'The request body must be a JSON object.')
  if (typeof body.currency !== 'string' || body.currency.toUpperCase() !== 'MXN') {
    return fail('currency', 'Only MXN is supported.', 'La moneda debe ser MXN.')
  }
  const customer = parseCustomerInfo(body.customer_info)
  if (!customer.ok) return customer
  const items = parseLineItems(body.line_items)
  if (!items.ok) return items
  const amount = items.value.reduce((sum, item) => sum + item.unit_price * item.quantity, 0)
  if (body.metadata !== undefined && !isRecord(body.metadata)) return fail('metadata', 'metadata must be an object.')
  const charge = parseCharge(body.charges, amount)
  if (!charge.ok) return charge
  return {
    ok: true,
    value: {
      currency: 'MXN',
      customerInfo: customer.value,
      lineItems: items.value,
      amount,
      metadata: isRecord(body.metadata) ? body.metadata : {},
      charge: charge.value,
    },
  }
}
