import type { Campaign } from '@donaciones/contracts'

/** What each payment channel of the donation card receives. */
export interface ChannelProps {
  campaign: Campaign
  /** Validates the amount field; null (with the field's message shown) when it is not valid. */
  readAmount: () => Promise<number | null>
  /** The privacy notice is accepted: the channel's button works. */
  enabled: boolean
  /** The signed-in donor's id, or null. */
  user: string | null
  onDonated: (donorName: string) => void
}
