import { lazy } from 'react'

// The campaign page and the donation card are separate features, composed here.
const CampaignPage = lazy(() => import('../features/campaign/components/CampaignPage.tsx').then((m) => ({ default: m.CampaignPage })))
const DonationCard = lazy(() => import('../features/donation/components/DonationCard.tsx').then((m) => ({ default: m.DonationCard })))

export function CampaignRoute() {
  return <CampaignPage renderDonation={(props) => <DonationCard {...props} />} />
}
