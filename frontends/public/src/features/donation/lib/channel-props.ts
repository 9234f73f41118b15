import type { Campaign, ReceiptRequest } from '@donaciones/contracts'

/** The donor wall choice sent with a donation: to appear as "Anónimo", and an optional message. */
export interface WallChoice {
  anonymous: boolean
  message?: string
}

/**
 * The donor's deductible-receipt request as a channel reads it when the donor pays: undefined when
 * none was asked for, null when its fields are not valid (their messages are shown).
 */
export type ReadReceipt = () => Promise<ReceiptRequest | undefined | null>

/** What each payment channel of the donation card receives. */
export interface ChannelProps {
  campaign: Campaign
  /** Validates the amount field; null (with the field's message shown) when it is not valid. */
  readAmount: () => Promise<number | null>
  /** The privacy notice is accepted: the channel's button works. */
  enabled: boolean
  /** The signed-in donor's id, or null. */
  user: string | null
  /** What the donor chose for the campaign's donor wall; null (with the message's problem shown) when the message is not valid. */
  readWall: () => WallChoice | null
  /** The deductible-receipt request, checked (see ReadReceipt). */
  readReceipt: ReadReceipt
  onDonated: (donorName: string, details?: { monthly?: boolean }) => void
}
