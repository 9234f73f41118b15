import { donationAmountUpTo } from '@donaciones/contracts'

/** The amount rule of the contracts under the configured maximum; loaded when needed, so the page starts without zod. */
export function amountProblem(amount: number, max: number): string | null {
  const result = donationAmountUpTo(max).safeParse(amount)
  return result.success ? null : (result.error.issues[0]?.message ?? null)
}
