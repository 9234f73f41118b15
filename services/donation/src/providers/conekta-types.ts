import { z } from 'zod'

/** The parts of a Conekta order we read (amounts in cents); everything else passes through. */
export const conektaChargeSchema = z.looseObject({
  id: z.string().optional(),
  status: z.string().optional(),
  amount: z.number().optional(),
  fee: z.number().nullable().optional(),
  /** The bank's reason for a declined charge (a month of a subscription), and its code. */
  failure_message: z.string().nullable().optional(),
  failure_code: z.string().nullable().optional(),
  payment_method: z
    .looseObject({
      type: z.string().optional(),
      object: z.string().optional(),
      reference: z.string().optional(),
      barcode_url: z.string().optional(),
      expires_at: z.number().optional(),
      service_name: z.string().optional(),
      last4: z.string().optional(),
      brand: z.string().optional(),
    })
    .optional(),
})

export const conektaOrderSchema = z.looseObject({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  payment_status: z.string().nullable().optional(),
  created_at: z.number().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  customer_info: z
    .looseObject({ name: z.string().optional(), email: z.string().optional(), phone: z.string().nullable().optional(), customer_id: z.string().nullable().optional() })
    .optional(),
  charges: z.looseObject({ data: z.array(conektaChargeSchema).optional() }).nullable().optional(),
})
export type ConektaOrder = z.infer<typeof conektaOrderSchema>

export const conektaOrderListSchema = z.looseObject({
  data: z.array(conektaOrderSchema),
  has_more: z.boolean().optional(),
  next_page_url: z.string().nullable().optional(),
})

export const conektaErrorSchema = z.looseObject({
  type: z.string().optional(),
  details: z.array(z.looseObject({ code: z.string().optional(), message: z.string().optional() })).optional(),
})

export function firstCharge(order: ConektaOrder) {
  return order.charges?.data?.[0]
}

/** Fees are the provider's, in cents; we store pesos. */
export function feeOf(order: ConektaOrder): number {
  const fee = firstCharge(order)?.fee
  return typeof fee === 'number' ? fee / 100 : 0
}

export function metadataString(owner: { metadata?: Record<string, unknown> | null | undefined }, key: string): string | undefined {
  const value = owner.metadata?.[key]
  return typeof value === 'string' && value ? value : undefined
}

/** The payment method as the detail screens show it (no secrets in it). */
export function paymentMethodOf(order: ConektaOrder): Record<string, unknown> | undefined {
  const method = firstCharge(order)?.payment_method
  if (!method) return undefined
  const { type, object, reference, barcode_url, expires_at, service_name, last4, brand } = method
  return Object.fromEntries(Object.entries({ type, object, reference, barcode_url, expires_at, service_name, last4, brand }).filter(([, value]) => value !== undefined))
}

/** A customer's subscription to a plan (Conekta's customer-level subscription). */
export const conektaSubscriptionSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  customer_id: z.string().optional(),
  plan_id: z.string().optional(),
  card_id: z.string().nullable().optional(),
  billing_cycle_end: z.number().nullable().optional(),
  last_billing_cycle_order_id: z.string().nullable().optional(),
})
export type ConektaSubscription = z.infer<typeof conektaSubscriptionSchema>

export const conektaPaymentSourceSchema = z.looseObject({ id: z.string(), last4: z.string().optional(), brand: z.string().optional() })
export type ConektaPaymentSource = z.infer<typeof conektaPaymentSourceSchema>

/** The customer: who gives monthly, their cards, and the metadata we gave it (our subscription id, campaign, wall choice). */
export const conektaCustomerSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  default_payment_source_id: z.string().nullable().optional(),
  payment_sources: z.looseObject({ data: z.array(conektaPaymentSourceSchema).optional() }).nullable().optional(),
})
export type ConektaCustomer = z.infer<typeof conektaCustomerSchema>

export const conektaPlanSchema = z.looseObject({ id: z.string(), amount: z.number() })
