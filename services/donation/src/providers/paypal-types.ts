import { z } from 'zod'
import { paypalMoneySchema as money, paypalPayerSchema } from '@donaciones/contracts'

export const paypalCaptureSchema = z.looseObject({
  id: z.string().optional(),
  status: z.string().optional(),
  amount: money.optional(),
  custom_id: z.string().optional(),
  update_time: z.string().optional(),
  seller_receivable_breakdown: z.looseObject({ paypal_fee: money.optional() }).optional(),
})

export const paypalOrderSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  update_time: z.string().optional(),
  payer: paypalPayerSchema.optional(),
  purchase_units: z
    .array(
      z.looseObject({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        amount: money.optional(),
        payee: z.looseObject({ email_address: z.string().optional() }).optional(),
        payments: z.looseObject({ captures: z.array(paypalCaptureSchema).optional() }).optional(),
      }),
    )
    .optional(),
})
export type PaypalOrder = z.infer<typeof paypalOrderSchema>

export const paypalErrorSchema = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  /** The OAuth endpoint's error shape ({error: 'invalid_client', error_description}). */
  error: z.string().optional(),
  error_description: z.string().optional(),
  details: z.array(z.looseObject({ issue: z.string().optional(), description: z.string().optional() })).optional(),
})

export function captureOf(order: PaypalOrder) {
  return order.purchase_units?.[0]?.payments?.captures?.[0]
}

export function paypalFeeOf(order: PaypalOrder): number {
  const value = captureOf(order)?.seller_receivable_breakdown?.paypal_fee?.value
  return value ? Number(value) : 0
}

export function payerOf(order: PaypalOrder): { name: string; email: string } {
  const name = [order.payer?.name?.given_name, order.payer?.name?.surname].filter(Boolean).join(' ')
  return { name, email: order.payer?.email_address ?? '' }
}

/** Amount as PayPal writes it (two decimals). */
export function paypalValue(amount: number): string {
  return amount.toFixed(2)
}
