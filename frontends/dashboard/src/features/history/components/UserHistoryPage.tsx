import { useId } from 'react'
import { ErrorPanel, isMissing, Loading } from '@donaciones/web-kit'
import { Link, useParams } from '@donaciones/web-kit/router'
import { useUserHistory } from '../hooks/use-history.ts'
import { Timeline } from './Timeline.tsx'
import { UserCard } from './UserCard.tsx'
import './history.css'

/** /dashboard/user/view/{id}/historical: one user's card and every change they made (spec §2.5). */
export function UserHistoryPage() {
  const { id } = useParams()
  const { state, retry } = useUserHistory(id ?? null)
  const cardTitle = useId()
  const timelineTitle = useId()

  return (
    <main className="history-page">
      <h1>Histórico de eventos por usuario</h1>
      {state.status === 'loading' && <Loading label="Cargando datos..." />}
      {state.status === 'error' && (
        <ErrorPanel
          title={isMissing(state.error) ? 'Usuario no encontrado' : 'No se pudo cargar el histórico'}
          text={state.error.description || state.error.message}
          {...(isMissing(state.error) ? {} : { onRetry: retry })}
        />
      )}
      {state.status === 'success' && (
        <>
          <UserCard user={state.data.user} titleId={cardTitle} />
          <section className="history-panel" aria-labelledby={timelineTitle}>
            <h2 id={timelineTitle}>Cambios realizados</h2>
            <Timeline events={state.data.list} label={`Cambios realizados por ${state.data.user.fullName}`} withDay />
          </section>
        </>
      )}
      {id && (
        <p>
          <Link to={`/dashboard/user/view/${id}`}>Volver al usuario</Link>
        </p>
      )}
    </main>
  )
}
