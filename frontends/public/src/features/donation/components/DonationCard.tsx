import type { Campaign } from '@donaciones/contracts'

export interface DonationCardProps {
  campaign: Campaign
  onDonated: (donorName: string) => void
}

export function DonationCard({ campaign }: DonationCardProps) {
  return <aside><h2>Donar a {campaign.title}</h2></aside>
}
