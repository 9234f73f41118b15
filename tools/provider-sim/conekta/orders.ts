import { randomBytes } from 'node:crypto'
import { nowSeconds, randomId, type JsonObject } from '../http.ts'
import { cardBrand, type CardDetails } from './cards.ts'
import { newClabe } from './clabe.ts'
import type { CustomerInfo, LineItem, OrderInput } from './validate.ts'

export type PaymentStatus = 'pending_payment' | 'paid' | 'expired' | 'declined'

export interface CardPaymentMethod {
  object: 'card_payment'
  type: 'card'
  name: string
  last4: string
  brand: string
  exp_month: string
  exp_year: string
  auth_code: string
  issuer: string
  account_type: 'CREDIT'
  country: 'MX'
  fraud_indicators: unknown[]
}

export interface CashPaymentMethod {
  object: 'cash_payment'
  type: 'cash'
  service_name: 'OxxoPay'
  store_name: 'OXXO'
  reference: string
  barcode_url: string
  expires_at: number
  auth_code: number | null
}

/** A SPEI transfer: `reference` is the CLABE (18 digits) unique to the order, at STP. */
export interface SpeiPaymentMethod {
  object: 'bank_transfer_payment'
  type: 'spei'
  service_name: 'STP'
  bank: 'STP'
  reference: string
  receiving_account_bank: 'STP'
  receiving_account_number: string
  expires_at: number
}

export type PaymentMethod = CardPaymentMethod | CashPaymentMethod | SpeiPaymentMethod

export interface ConektaCharge {
  id: string
  object: 'charge'
  livemode: false
  created_at: number
  currency: 'MXN'
  amount: number
  /** Integer cents; absent until the charge is paid. */
  fee?: number
  status: PaymentStatus
  paid_at: number | null
  order_id: string
  description: string
  customer_id: string
  /** The bank's reason, on a declined charge (a month of a subscription). */
  failure_code?: string
  failure_message?: string
  payment_method: PaymentMethod
}

export interface ConektaOrder {
  id: string
  object: 'order'
  livemode: false
  amount: number
  amount_refunded: number
  currency: 'MXN'
  payment_status: PaymentStatus
  customer_info: CustomerInfo & { object: 'customer_info'; corporate: false; customer_id?: string }
  line_items: { object: 'list'; has_more: false; total: number; data: Array<LineItem & { id: string; object: 'line_item'; parent_id: string; metadata: JsonObject; antifraud_info: JsonObject }> }
  metadata: JsonObject
  charges: { object: 'list'; has_more: false; total: number; data: ConektaCharge[] }
  created_at: number
  updated_at: number
  is_refundable: boolean
  processing_mode: 'ecommerce'
}

export interface OrderFilter {
  paymentStatus?: string
  /** `last_payment_info.status`: the status of the order's (only) charge. */
  lastPaymentStatus?: string
  createdAtGte?: number
  createdAtLte?: number
  updatedAtGte?: number
  updatedAtLte?: number
}

/** Who a subscription's order charges, and why the bank refused it (a declined month). */
export interface SubscriptionBilling {
  customerId?: string
  failure?: { code: string; message: string }
}

function cardPaymentMethod(card: CardDetails): CardPaymentMethod {
  return {
    object: 'card_payment',
    type: 'card',
    name: card.name,
    last4: card.number.slice(-4),
    brand: cardBrand(card.number),
    exp_month: card.exp_month,
    exp_year: card.exp_year.slice(-2),
    auth_code: randomDigits(6),
    issuer: 'BANCO SIMULADO',
    account_type: 'CREDIT',
    country: 'MX',
    fraud_indicators: [],
  }
}

/** Card fee: 2.9% + $2.50 MXN plus 16% IVA, in integer cents. */
export function cardFee(amount: number): number {
  return Math.round((amount * 0.029 + 250) * 1.16)
}

/** OXXO fee: 3.9% plus 16% IVA, in integer cents. */
export function cashFee(amount: number): number {
  return Math.round(amount * 0.039 * 1.16)
}

/** SPEI fee: $12.50 MXN plus 16% IVA, in integer cents, whatever the amount. */
export function speiFee(): number {
  return Math.round(1250 * 1.16)
}

/** The fee of a charge paid later, once it is paid. */
function pendingChargeFee(method: CashPaymentMethod | SpeiPaymentMethod, amount: number): number {
  return method.type === 'cash' ? cashFee(amount) : speiFee()
}

function randomDigits(length: number): string {
  return Array.from(randomBytes(length), (byte) => String(byte % 10)).join('')
}

/** Every order the simulator created, newest last. Callers get copies, never the stored objects. */
export class ConektaOrderStore {
  private readonly orders = new Map<string, ConektaOrder>()
  /** CLABEs the next SPEI orders answer with instead of a new one (a test's wrong check digit). */
  private readonly nextClabes: string[] = []

  private build(input: OrderInput, paymentMethod: PaymentMethod, paid: boolean, billing: SubscriptionBilling = {}): ConektaOrder {
    const id = randomId('ord_', 10)
    const now = nowSeconds()
    const declined = billing.failure !== undefined
    const charge: ConektaCharge = {
      id: randomId('', 12),
      object: 'charge',
      livemode: false,
      created_at: now,
      currency: 'MXN',
      amount: input.amount,
      ...(paid ? { fee: cardFee(input.amount) } : {}),
      status: paid ? 'paid' : declined ? 'declined' : 'pending_payment',
      paid_at: paid ? now : null,
      order_id: id,
      description: billing.customerId ? 'Payment from subscription' : 'Payment from order',
      customer_id: billing.customerId ?? '',
      ...(billing.failure ? { failure_code: billing.failure.code, failure_message: billing.failure.message } : {}),
      payment_method: paymentMethod,
    }
    const order: ConektaOrder = {
      id,
      object: 'order',
      livemode: false,
      amount: input.amount,
      amount_refunded: 0,
      currency: 'MXN',
      payment_status: charge.status,
      customer_info: { object: 'customer_info', ...input.customerInfo, corporate: false, ...(billing.customerId ? { customer_id: billing.customerId } : {}) },
      line_items: {
        object: 'list',
        has_more: false,
        total: input.lineItems.length,
        data: input.lineItems.map((item) => ({ ...item, id: randomId('line_item_', 10), object: 'line_item', parent_id: id, metadata: {}, antifraud_info: {} })),
      },
      metadata: structuredClone(input.metadata),
      charges: { object: 'list', has_more: false, total: 1, data: [charge] },
      created_at: now,
      updated_at: now,
      is_refundable: paid,
      processing_mode: 'ecommerce',
    }
    this.orders.set(id, order)
    return structuredClone(order)
  }

  createPaidCardOrder(input: OrderInput, card: CardDetails): ConektaOrder {
    return this.build(input, cardPaymentMethod(card), true)
  }

  /** The order of one billing cycle of a subscription: paid, or declined with the bank's reason. */
  createSubscriptionOrder(input: OrderInput, card: CardDetails, billing: Required<Pick<SubscriptionBilling, 'customerId'>> & SubscriptionBilling): ConektaOrder {
    return this.build(input, cardPaymentMethod(card), billing.failure === undefined, billing)
  }

  createCashOrder(input: OrderInput & { charge: { type: 'cash' } }, barcodeBaseUrl: string): ConektaOrder {
    const reference = randomDigits(14)
    return this.build(
      input,
      {
        object: 'cash_payment',
        type: 'cash',
        service_name: 'OxxoPay',
        store_name: 'OXXO',
        reference,
        barcode_url: `${barcodeBaseUrl}/${reference}.svg`,
        expires_at: input.charge.expiresAt,
        auth_code: null,
      },
      false,
    )
  }

  /** A SPEI order waiting for the donor's transfer to the CLABE in its charge. */
  createSpeiOrder(input: OrderInput & { charge: { type: 'spei' } }): ConektaOrder {
    const clabe = this.nextClabes.shift() ?? newClabe()
    return this.build(
      input,
      {
        object: 'bank_transfer_payment',
        type: 'spei',
        service_name: 'STP',
        bank: 'STP',
        reference: clabe,
        receiving_account_bank: 'STP',
        receiving_account_number: clabe,
        expires_at: input.charge.expiresAt,
      },
      false,
    )
  }

  /** The next SPEI order answers with `clabe` (valid or not) instead of a new one. */
  answerNextSpeiWith(clabe: string): void {
    this.nextClabes.push(clabe)
  }

  get(id: string): ConektaOrder | undefined {
    const order = this.orders.get(id)
    return order && structuredClone(order)
  }

  /** Newest first, as Conekta lists them. */
  list(filter: OrderFilter): ConektaOrder[] {
    return [...this.orders.values()]
      .reverse()
      .filter(
        (order) =>
          (filter.paymentStatus === undefined || order.payment_status === filter.paymentStatus) &&
          (filter.lastPaymentStatus === undefined || order.charges.data[0]?.status === filter.lastPaymentStatus) &&
          (filter.createdAtGte === undefined || order.created_at >= filter.createdAtGte) &&
          (filter.createdAtLte === undefined || order.created_at <= filter.createdAtLte) &&
          (filter.updatedAtGte === undefined || order.updated_at >= filter.updatedAtGte) &&
          (filter.updatedAtLte === undefined || order.updated_at <= filter.updatedAtLte),
      )
      .map((order) => structuredClone(order))
  }

  all(): ConektaOrder[] {
    return [...this.orders.values()].map((order) => structuredClone(order))
  }

  /** Settles a pending order of `type` (cash at OXXO, a SPEI transfer) as paid (with its fee) or expired. */
  settle(id: string, type: 'cash' | 'spei', outcome: 'paid' | 'expired'): ConektaOrder {
    const order = this.orders.get(id)
    if (!order) throw new Error(`provider-sim: no Conekta order ${id}`)
    const charge = order.charges.data[0]
    const method = charge?.payment_method
    if (!charge || method?.type !== type) throw new Error(`provider-sim: order ${id} is not a ${type} order`)
    if (order.payment_status !== 'pending_payment') throw new Error(`provider-sim: order ${id} is ${order.payment_status}, not pending_payment`)
    const now = nowSeconds()
    order.payment_status = outcome
    order.updated_at = now
    charge.status = outcome
    if (outcome === 'paid') {
      charge.fee = pendingChargeFee(method, order.amount)
      charge.paid_at = now
      if (method.type === 'cash') method.auth_code = Number(randomDigits(8))
      order.is_refundable = true
    }
    return structuredClone(order)
  }
}
