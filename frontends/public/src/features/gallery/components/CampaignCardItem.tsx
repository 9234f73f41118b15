import { Link } from '@donaciones/web-kit/router'
import type { CampaignCard } from '@donaciones/contracts'
import { CampaignProgress, formatDateTime, fromNow } from '@donaciones/web-kit'

/** A gallery card: thumbnail, title, relative creation time, progress (raised, goal, donors), link to the campaign. */
export function CampaignCardItem({ card }: { card: CampaignCard }) {
  return (
    <li className="gallery-card">
      <img className="gallery-card__image" src={card.thumbnail.path} alt="" loading="lazy" width={640} height={400} />
      <div className="gallery-card__body">
        <h2 className="gallery-card__title">
          <Link to={`/campaigns/${card.slug}`} className="gallery-card__link">{card.title}</Link>
        </h2>
        <p className="gallery-card__description">{card.description}</p>
        <CampaignProgress goal={card.goal} raised={card.raised} donors={card.donors} />
        <p className="gallery-card__time">
          Publicada <time dateTime={card.createdAt} title={formatDateTime(card.createdAt)}>{fromNow(card.createdAt)}</time>
        </p>
      </div>
    </li>
  )
}
