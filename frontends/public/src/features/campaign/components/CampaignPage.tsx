import { useRef, type ReactNode } from 'react'
import { Link, useParams } from '@donaciones/web-kit/router'
import type { Campaign } from '@donaciones/contracts'
import { CAMPAIGN_FINISHED, MONTHLY_THANK_YOU, thankYouMessage } from '@donaciones/contracts'
import { ErrorPanel, Loading, showAlert } from '@donaciones/web-kit'
import { useCampaign } from '../hooks/use-campaign.ts'
import { useCampaignHead } from '../hooks/use-campaign-head.ts'
import { useNow } from '../hooks/use-now.ts'
import { countdownOf } from '../lib/countdown.ts'
import { CampaignStats } from './CampaignStats.tsx'
import { CategoryTags } from './CategoryTags.tsx'
import { CommentsSection } from './CommentsSection.tsx'
import { DonorWall } from './DonorWall.tsx'
import { GoalBar } from './GoalBar.tsx'
import { ShareBar } from './ShareBar.tsx'
import { DONATION_ANCHOR, StickyDonateButton } from './StickyDonateButton.tsx'
import './campaign.css'

export interface DonationSlotProps {
  campaign: Campaign
  /** Called after an approved donation with the donor's name (and whether it repeats monthly): the page reloads the campaign and thanks them. */
  onDonated: (donorName: string, details?: { monthly?: boolean }) => void
}

/** /campaigns/:slug (spec §2.3). The donation card is composed in by the route. */
export function CampaignPage({ renderDonation }: { renderDonation: (props: DonationSlotProps) => ReactNode }) {
  const { slug = '' } = useParams()
  const { state, visits, reload, reloadAfterDonation } = useCampaign(slug)
  useCampaignHead(state)

  switch (state.status) {
    case 'loading':
      return <main className="campaign-page"><Loading label="Cargando campaña..." /></main>
    case 'not-found':
      return (
        <main className="campaign-page campaign-page--missing">
          <h1>Campaña no encontrada</h1>
          <p>La campaña que busca no existe o ya no está disponible.</p>
          <Link className="kit-button" to="/campaigns">Ver todas las campañas</Link>
        </main>
      )
    case 'error':
      return (
        <main className="campaign-page">
          <ErrorPanel title="No se pudo cargar la campaña" onRetry={() => void reload()} />
        </main>
      )
    case 'ready':
      return <CampaignView key={state.campaign._id} campaign={state.campaign} visits={visits} reload={reload} reloadAfterDonation={reloadAfterDonation} renderDonation={renderDonation} />
  }
}

interface CampaignViewProps {
  campaign: Campaign
  visits: number | null
  reload: () => Promise<void>
  reloadAfterDonation: (donationsBefore: number) => Promise<void>
  renderDonation: (props: DonationSlotProps) => ReactNode
}

function CampaignView({ campaign, visits, reload, reloadAfterDonation, renderDonation }: CampaignViewProps) {
  const donationRef = useRef<HTMLElement>(null)
  const now = useNow()
  const countdown = countdownOf(campaign, now)
  const open = countdown.hours > 0 && campaign.open !== false
  const goal = campaign.goal ?? 0

  const onDonated = (donorName: string, details?: { monthly?: boolean }) => {
    void reloadAfterDonation(campaign.donations.length)
    const text = [campaign.gratitude, details?.monthly ? MONTHLY_THANK_YOU : null].filter(Boolean).join('\n\n')
    void showAlert(thankYouMessage(donorName), text || undefined, 'success')
  }

  return (
    <main className="campaign-page">
      <header className="campaign-hero">
        <img className="campaign-hero__image" src={campaign.thumbnail.path} alt="" />
        <div className="campaign-hero__text">
          {campaign.subtitle && <p className="campaign-hero__subtitle">{campaign.subtitle}</p>}
          <h1 className="campaign-hero__title">{campaign.title}</h1>
          <p className="campaign-hero__description">{campaign.description}</p>
          {campaign.institution && <p className="campaign-hero__institution">Institución: {campaign.institution.name}</p>}
        </div>
      </header>

      {/* Reading order on every screen: the campaign, then the donation card, then the donor wall and the comments (CSS places them side by side on wide screens). */}
      <div className="campaign-layout">
        <div className="campaign-main">
          <CampaignStats campaign={campaign} visits={visits} countdown={countdown} />
          {/* The server sanitises the campaign's rich content. */}
          <article className="campaign-content" dangerouslySetInnerHTML={{ __html: campaign.content }} />
          <CategoryTags categories={campaign.categories} />
          <ShareBar title={campaign.title} />
        </div>
        {goal > 0 && (
          <aside id={DONATION_ANCHOR} ref={donationRef} tabIndex={-1} className="campaign-side" aria-label="Donaciones">
            <GoalBar campaign={campaign} goal={goal} />
            {open ? renderDonation({ campaign, onDonated }) : <p className="campaign-finished" role="status">{CAMPAIGN_FINISHED}</p>}
          </aside>
        )}
        {(campaign.visibility.comments || (goal > 0 && campaign.donorWall)) && (
          <div className="campaign-discussion">
            {goal > 0 && campaign.donorWall && <DonorWall wall={campaign.donorWall} />}
            {campaign.visibility.comments && <CommentsSection campaignId={campaign._id} comments={campaign.comments} onChanged={() => void reload()} />}
          </div>
        )}
      </div>
      {goal > 0 && open && <StickyDonateButton target={donationRef} />}
    </main>
  )
}
