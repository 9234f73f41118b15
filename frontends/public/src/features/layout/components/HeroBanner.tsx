import { CampaignProgress, useQuery } from '@donaciones/web-kit'
import { Link } from '@donaciones/web-kit/router'
import type { CampaignCard } from '@donaciones/contracts'
import { getBannerCampaigns } from '../api/campaign-lists.ts'
import { useCarousel } from '../hooks/use-carousel.ts'
import { CarouselControls } from './CarouselControls.tsx'

/** Hero carousel of featured campaigns at the top of the home page (spec §2.2). */
export function HeroBanner() {
  const { state } = useQuery('banner-campaigns', getBannerCampaigns)
  // While loading it keeps the banner's height (no jump when the slides arrive); on failure or
  // without featured campaigns the home page simply starts with its content.
  if (state.status === 'loading') return <div className="public-banner-placeholder" />
  if (state.status !== 'success' || state.data.length === 0) return null
  return <BannerCarousel cards={state.data} />
}

function BannerCarousel({ cards }: { cards: CampaignCard[] }) {
  const carousel = useCarousel({ loop: cards.length > 1 })
  return (
    <section className="public-banner" aria-roledescription="carrusel" aria-label="Campañas destacadas">
      <div className="public-banner__viewport" ref={carousel.viewportRef}>
        <div className="public-banner__track">
          {cards.map((card, index) => (
            <div className="public-banner__slide" key={card._id} role="group" aria-roledescription="diapositiva" aria-label={`${index + 1} de ${cards.length}`}>
              <img className="public-banner__image" src={card.thumbnail.path} alt="" {...(index > 0 && { loading: 'lazy' as const })} />
              <div className="public-banner__text">
                {card.subtitle && <p className="public-banner__subtitle">{card.subtitle}</p>}
                <h2 className="public-banner__title">{card.title}</h2>
                <p className="public-banner__description">{card.description}</p>
                <div className="public-banner__progress">
                  <CampaignProgress goal={card.goal} raised={card.raised} donors={card.donors} inverse />
                </div>
                <Link className="kit-button" to={`/campaigns/${card.slug}`} aria-label={`Ver campaña: ${card.title}`}>Ver campaña</Link>
              </div>
            </div>
          ))}
        </div>
      </div>
      {cards.length > 1 && <CarouselControls subject="campaña destacada" {...carousel} />}
    </section>
  )
}
