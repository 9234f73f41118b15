import { Link } from '@donaciones/web-kit/router'
import { ErrorPanel, Loading } from '@donaciones/web-kit'
import { usePublicPage } from '../hooks/usePublicPage.ts'
import './static-page.css'

/** /about, /notice-of-privacy and /terms-and-conditions: a title and its rich HTML (spec §2.1). */
export function StaticPage({ name }: { name: string }) {
  const state = usePublicPage(name)
  return (
    <main className="static-page">
      {state.status === 'loading' && <Loading label="Cargando página..." />}
      {state.status === 'not-found' && (
        <section className="static-page__missing">
          <h1>Página no disponible</h1>
          <p>Esta página no existe o no está publicada por ahora.</p>
          <Link className="kit-button" to="/">Ir al inicio</Link>
        </section>
      )}
      {state.status === 'error' && <ErrorPanel title="No se pudo cargar la página" onRetry={state.retry} />}
      {state.status === 'ready' && (
        <article>
          <h1 className="static-page__title">{state.page.title}</h1>
          {/* Sanitised on the server when it is saved. */}
          <div className="static-page__body" dangerouslySetInnerHTML={{ __html: state.page.description }} />
        </article>
      )}
    </main>
  )
}
