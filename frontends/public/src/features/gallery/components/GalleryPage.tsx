import { Link, useLocation, useSearchParams } from '@donaciones/web-kit/router'
import { NO_RESULTS } from '@donaciones/contracts'
import { ErrorPanel, Loading } from '@donaciones/web-kit'
import { useCampaignFeed } from '../hooks/use-campaign-feed.ts'
import { useBottomSentinel } from '../hooks/use-bottom-sentinel.ts'
import { CampaignCardItem } from './CampaignCardItem.tsx'
import './gallery.css'

/** /campaigns: every public campaign, or those matching ?title=, with infinite scroll (spec §2.1). */
export function GalleryPage() {
  const [params] = useSearchParams()
  const title = params.get('title')?.trim() || null
  // A search for empty text while already here reloads the normal list (spec §2.2).
  const { key } = useLocation()
  const feed = useCampaignFeed(title, key)
  const sentinel = useBottomSentinel<HTMLDivElement>(feed.loadMore, feed.status === 'idle' && !feed.done, feed.cards.length)
  const empty = feed.status === 'idle' && feed.done && feed.cards.length === 0

  return (
    <main className="gallery">
      <h1 className="gallery__title">{title ? `Resultados para “${title}”` : 'Campañas'}</h1>
      {empty && (
        <section className="gallery__empty" role="status">
          <p>{NO_RESULTS}</p>
          <Link className="kit-button" to="/campaigns">Ver todas las campañas</Link>
        </section>
      )}
      {feed.cards.length > 0 && (
        <ul className="gallery__grid" aria-label="Lista de campañas">
          {feed.cards.map((card) => <CampaignCardItem key={card._id} card={card} />)}
        </ul>
      )}
      {feed.status === 'loading' && <Loading label="Cargando campañas..." />}
      {feed.status === 'error' && (
        <ErrorPanel title="No se pudieron cargar las campañas" onRetry={feed.loadMore} />
      )}
      <div ref={sentinel} className="gallery__sentinel" aria-hidden="true" />
    </main>
  )
}
