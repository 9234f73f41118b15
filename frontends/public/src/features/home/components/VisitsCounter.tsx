import { COUNTER_ANIMATION_MS } from '@donaciones/contracts'
import { formatInteger, Loading, useQuery } from '@donaciones/web-kit'
import { useCountUp } from '../hooks/use-count-up.ts'
import { getVisits } from '../api/get-visits.ts'

/** The site's visits, counted up from 0 over 4 seconds (spec §2.1). */
export function VisitsCounter() {
  const { state: visits } = useQuery('site-visits', getVisits)
  const total = visits.status === 'success' ? visits.data : null
  const shown = useCountUp(total, COUNTER_ANIMATION_MS)
  return (
    <section className="home-counter" aria-labelledby="home-counter-title">
      <h2 id="home-counter-title" className="home-counter__title">Visitas</h2>
      {/* As tall as the number while loading, so the sections below do not move when it arrives. */}
      <div className="home-counter__body">
        {visits.status === 'loading' && <Loading label="Cargando visitas..." />}
        {visits.status === 'error' && <p className="home-counter__error">No se pudo cargar el contador de visitas.</p>}
        {total !== null && (
          <>
            {/* The moving number is hidden from screen readers, which get the final total once. */}
            <p className="home-counter__value" aria-hidden="true" data-testid="contador-visitas">{formatInteger(shown)}</p>
            <p className="kit-visually-hidden">{formatInteger(total)} visitas</p>
          </>
        )}
      </div>
    </section>
  )
}
