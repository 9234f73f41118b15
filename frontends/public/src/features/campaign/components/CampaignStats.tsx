import { formatInteger } from '@donaciones/web-kit'
import type { Campaign } from '@donaciones/contracts'
import { countdownText, type Countdown } from '../lib/countdown.ts'
import { LikeButton } from './LikeButton.tsx'

/** Like button, visit counter and countdown, each as the campaign's visibility allows. */
export function CampaignStats({ campaign, visits, countdown }: { campaign: Campaign; visits: number | null; countdown: Countdown }) {
  const remaining = countdownText(countdown)
  return (
    <div className="campaign-stats">
      <LikeButton slug={campaign.slug} likes={campaign.likes} />
      {campaign.visibility.counter && (
        <span className="campaign-stat" data-testid="visitas">
          {formatInteger(visits ?? campaign.visits)} {(visits ?? campaign.visits) === 1 ? 'visita' : 'visitas'}
        </span>
      )}
      {campaign.visibility.countdown && remaining && <span className="campaign-stat campaign-stat--countdown">{remaining}</span>}
    </div>
  )
}
