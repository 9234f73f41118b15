import { donationMaxMessage } from '@donaciones/contracts'
import { validationError } from '@donaciones/kit'
import type { DonationDeps } from '../deps.ts'

/**
 * Every channel refuses an amount above the configured maximum per donation (422, before any
 * provider call). The maximum comes with the payment settings the donation already reads.
 */
export async function requireAmountWithinMaximum(deps: DonationDeps, amount: number, requestId?: string): Promise<void> {
  const { maxDonationAmount } = await deps.paymentSettings.get(requestId)
  if (amount > maxDonationAmount) throw validationError([{ path: 'amount', message: donationMaxMessage(maxDonationAmount) }])
}
