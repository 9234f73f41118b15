import { Link } from '@donaciones/web-kit/router'
import type { CampaignCard } from '@donaciones/contracts'
import { formatDateTime, fromNow } from '@donaciones/web-kit'

/** A gallery card: thumbnail, title, relative creation time, link to the campaign. */
export function CampaignCardItem({ card }: { card: CampaignCard }) {
  return (
    <li className="gallery-card">
      <img className="gallery-card__image" src={card.thumbnail.path} alt="" loading="lazy" />
      <div className="gallery-card__body">
        <h2 className="gallery-card__title">
          <Link to={`/campaigns/${card.slug}`} className="gallery-card__link">{card.title}</Link>
        </h2>
        <p className="gallery-card__description">{card.description}</p>
        <p className="gallery-card__time">
          Publicada <time dateTime={card.createdAt} title={formatDateTime(card.createdAt)}>{fromNow(card.createdAt)}</time>
        </p>
      </div>
    </li>
  )
}
