import type { ReactNode } from 'react'
import type { Campaign } from '@donaciones/contracts'

export interface DonationSlotProps {
  campaign: Campaign
  /** Called after an approved donation with the donor's name: the page reloads the campaign and thanks them. */
  onDonated: (donorName: string) => void
}

export function CampaignPage({ renderDonation }: { renderDonation: (props: DonationSlotProps) => ReactNode }) {
  void renderDonation
  return <main><h1>Campaña</h1></main>
}
