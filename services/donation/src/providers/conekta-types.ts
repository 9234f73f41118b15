import { z } from 'zod'

/** The parts of a Conekta order we read (amounts in cents); everything else passes through. */
export const conektaChargeSchema = z.looseObject({
  id: z.string().optional(),
  status: z.string().optional(),
  amount: z.number().optional(),
  fee: z.number().nullable().optional(),
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
  customer_info: z.looseObject({ name: z.string().optional(), email: z.string().optional(), phone: z.string().nullable().optional() }).optional(),
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

export function metadataString(order: ConektaOrder, key: string): string | undefined {
  const value = order.metadata?.[key]
  return typeof value === 'string' && value ? value : undefined
}

/** The payment method as the detail screens show it (no secrets in it). */
export function paymentMethodOf(order: ConektaOrder): Record<string, unknown> | undefined {
  const method = firstCharge(order)?.payment_method
  if (!method) return undefined
  const { type, object, reference, barcode_url, expires_at, service_name, last4, brand } = method
  return Object.fromEntries(Object.entries({ type, object, reference, barcode_url, expires_at, service_name, last4, brand }).filter(([, value]) => value !== undefined))
}
