import type { DonationType } from '@donaciones/contracts'
import { typeLabel } from '../lib/donation-display.ts'
import './donations.css'

/** The method label of a donation (OXXO Pay, Conekta, PayPal, Fallida) in its colour. */
export function DonationMethodBadge({ type }: { type: DonationType }) {
  return <span className={`donation-method donation-method--${type}`}>{typeLabel(type)}</span>
}
