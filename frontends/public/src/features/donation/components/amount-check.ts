import { donationAmountFormSchema } from '@donaciones/contracts'

/** The amount rule of the contracts; loaded when a payment is chosen, so the page starts without zod. */
export function amountProblem(amount: number): string | null {
  const result = donationAmountFormSchema.safeParse({ amount })
  return result.success ? null : (result.error.issues[0]?.message ?? null)
}
