import type { HistoricalEvent, HistoricalModule } from '@donaciones/contracts'
import { CAUSE_ACTIVATION, CAUSE_DEACTIVATION } from '@donaciones/contracts'
import { apiRequest, formatDateTime, hasPermission, useQuery, useSession } from '@donaciones/web-kit'
import { HistoryJustification, UNKNOWN_AUTHOR } from './HistoryJustification.tsx'
import './history-rows.css'

/** Spec §4: green for 'Activación', red for 'Desactivación', orange for any other cause. */
export function causeTone(cause: string): 'activation' | 'deactivation' | 'other' {
  if (cause === CAUSE_ACTIVATION) return 'activation'
  if (cause === CAUSE_DEACTIVATION) return 'deactivation'
  return 'other'
}

/** A list of change-history entries: cause (coloured), justification, date and author. */
export function HistoryList({ events }: { events: HistoricalEvent[] }) {
  if (events.length === 0) return <p className="history-rows__empty">Sin cambios registrados</p>
  return (
    <ul className="history-rows">
      {events.map((event) => (
        <li key={event._id} className="history-rows__item">
          <span className={`history-rows__cause history-rows__cause--${causeTone(event.cause)}`}>{event.cause}</span>
          <span className="history-rows__description"><HistoryJustification description={event.description} /></span>
          <span className="history-rows__date">{formatDateTime(event.createdAt)}</span>
          <span className="history-rows__author">{event.createdBy?.fullName ?? event.createdBy?.name ?? UNKNOWN_AUTHOR}</span>
        </li>
      ))}
    </ul>
  )
}

export interface HistoryRowsProps {
  /** History module of the record (institution, category, campaign, user, page, configuration). */
  module: HistoricalModule
  /** The record's id. */
  document: string
}

/**
 * The change history of one record (row expansion of the lists), from
 * GET /api/historical?module=&document= (needs the 'historical' read permission for role 1).
 */
export function HistoryRows({ module, document }: HistoryRowsProps) {
  const user = useSession((state) => state.user)
  const allowed = hasPermission(user, 'historical', 'read')
  const query = new URLSearchParams({ module, document }).toString()
  const { state, data, retry: reload } = useQuery(allowed ? `/historical?${query}` : null, (signal, path) => apiRequest<HistoricalEvent[]>('GET_HISTORY', path, { signal, silent: true }))
  if (!allowed) return <p className="history-rows__empty">No tiene permiso para consultar el historial de cambios.</p>
  if (state.status === 'loading') return <p className="history-rows__empty" role="status">Cargando cambios...</p>
  if (state.status === 'error' || !data) {
    return (
      <p className="history-rows__empty" role="alert">
        No se pudo cargar el historial.{' '}
        <button type="button" className="kit-button kit-button--secondary" onClick={reload}>Reintentar</button>
      </p>
    )
  }
  return <HistoryList events={data} />
}
