import { CampaignProgress, useQuery } from '@donaciones/web-kit'
import { Link, useLocation } from '@donaciones/web-kit/router'
import { SLIDER_SPEED_MS, type CampaignCard } from '@donaciones/contracts'
import { getSliderCampaigns } from '../api/campaign-lists.ts'
import { useCarousel } from '../hooks/use-carousel.ts'
import { CarouselControls } from './CarouselControls.tsx'

/** Spec §2.2: the slider loops only when there are more cards than the 4 a wide screen shows. */
const CARDS_PER_WIDE_VIEW = 4
/**
 * Embla's `duration` is not in milliseconds (it drives a physics attractor); 25 is its default and
 * settles a one-card move in about 500 ms, the spec's slider speed.
 */
const EMBLA_DURATION_FOR_SLIDER_SPEED = Math.round(SLIDER_SPEED_MS / 20)

/** Slider of campaign cards above the footer: 4, 3, 2 or 1 per view by screen width (CSS). */
export function CampaignSlider() {
  // The slider stays mounted across pages: it loads again on each page (a donation just made shows
  // on its cards) and keeps the cards it has on screen meanwhile, so nothing shifts.
  const { pathname } = useLocation()
  const { state } = useQuery(`slider-campaigns:${pathname}`, getSliderCampaigns)
  const cards = state.status === 'success' ? state.data : state.status === 'loading' ? state.previous : undefined
  if (!cards || cards.length === 0) return null
  return <SliderCarousel cards={cards} />
}

function SliderCarousel({ cards }: { cards: CampaignCard[] }) {
  const loops = cards.length > CARDS_PER_WIDE_VIEW
  const carousel = useCarousel({ loop: loops, duration: EMBLA_DURATION_FOR_SLIDER_SPEED, align: 'start' })
  return (
    <section className="public-slider" aria-roledescription="carrusel" aria-labelledby="public-slider-title">
      <div className="public-slider__header">
        <h2 id="public-slider-title" className="public-slider__title">Más campañas</h2>
        <CarouselControls subject="campañas" {...carousel} />
      </div>
      <div className="public-slider__viewport" ref={carousel.viewportRef}>
        <ul className="public-slider__track">
          {cards.map((card) => (
            <li className="public-slider__slide" key={card._id}>
              <Link className="public-slider__card" to={`/campaigns/${card.slug}`}>
                <img src={card.thumbnail.path} alt="" loading="lazy" width={640} height={400} />
                <span className="public-slider__card-title">{card.title}</span>
                <span className="public-slider__card-text">{card.description}</span>
                <span className="public-slider__card-progress">
                  <CampaignProgress goal={card.goal} raised={card.raised} donors={card.donors} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
