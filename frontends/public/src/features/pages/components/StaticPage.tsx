import { Link } from '@donaciones/web-kit/router'
import { ErrorPanel, isMissing, Loading, useQuery } from '@donaciones/web-kit'
import { getPublicPage } from '../api/get-page.ts'
import './static-page.css'

/** /about, /notice-of-privacy and /terms-and-conditions: a title and its rich HTML (spec §2.1). */
export function StaticPage({ name }: { name: string }) {
  const { state, retry } = useQuery(`page:${name}`, (signal) => getPublicPage(name, signal))
  return (
    <main className="static-page">
      {state.status === 'loading' && <Loading label="Cargando página..." />}
      {state.status === 'error' && isMissing(state.error) && (
        <section className="static-page__missing">
          <h1>Página no disponible</h1>
          <p>Esta página no existe o no está publicada por ahora.</p>
          <Link className="kit-button" to="/">Ir al inicio</Link>
        </section>
      )}
      {state.status === 'error' && !isMissing(state.error) && <ErrorPanel title="No se pudo cargar la página" onRetry={retry} />}
      {state.status === 'success' && (
        <article>
          <h1 className="static-page__title">{state.data.title}</h1>
          {/* Sanitised on the server when it is saved. */}
          <div className="static-page__body" dangerouslySetInnerHTML={{ __html: state.data.description }} />
        </article>
      )}
    </main>
  )
}
