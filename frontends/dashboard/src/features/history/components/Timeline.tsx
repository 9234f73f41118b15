import type { HistoricalEvent, HistoricalModule } from '@donaciones/contracts'
import { formatDateTime, formatTime } from '@donaciones/web-kit'
import { Link } from '@donaciones/web-kit/router'
import { HistoryJustification, UNKNOWN_AUTHOR } from '../../../components/HistoryJustification.tsx'
import './history.css'

/** Spec §4: green for 'Activación', red for 'Desactivación', orange for any other cause. */
export function causeTone(cause: string): 'activation' | 'deactivation' | 'other' {
  if (cause === 'Activación') return 'activation'
  if (cause === 'Desactivación') return 'deactivation'
  return 'other'
}

/** Where the changed record is shown: /dashboard/{module}/view/{document} (pages and configuration have their own routes). */
export function recordPath(module: HistoricalModule, document: string): string {
  if (module === 'configuration') return '/dashboard/configuration/edit'
  if (module === 'page') return `/dashboard/pages/view/${document}`
  return `/dashboard/${module}/view/${document}`
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('')

function Author({ author }: { author: HistoricalEvent['createdBy'] }) {
  if (!author) return <span className="history-author history-author--unknown">{UNKNOWN_AUTHOR}</span>
  return (
    <Link className="history-author" to={`/dashboard/user/view/${author._id}`} aria-label={`Autor: ${author.fullName}`}>
      {author.thumbnail ? (
        <img className="history-avatar" src={author.thumbnail.path} alt="" width={32} height={32} />
      ) : (
        <span className="history-avatar history-avatar--initials" aria-hidden="true">{initials(author.fullName)}</span>
      )}
      <span>{author.fullName}</span>
    </Link>
  )
}

export interface TimelineProps {
  events: HistoricalEvent[]
  /** Accessible name of the scrollable region. */
  label: string
  /** Show the day of each change too (a list that spans several days). */
  withDay?: boolean
}

/** The scrollable change timeline (spec §2.5, height 420), newest first. */
export function Timeline({ events, label, withDay = false }: TimelineProps) {
  return (
    <div className="history-timeline" tabIndex={0} role="region" aria-label={label}>
      {events.length === 0 ? (
        <p className="history-empty">Sin cambios registrados</p>
      ) : (
        <ol className="history-list">
          {events.map((event) => {
            const tone = causeTone(event.cause)
            return (
              <li key={event._id} className={`history-entry history-entry--${tone}`} data-testid="history-entry">
                <div className="history-entry__header">
                  <span className={`history-cause history-cause--${tone}`}>{event.cause}</span>
                  <time className="history-time" dateTime={event.createdAt}>
                    {withDay ? formatDateTime(event.createdAt) : formatTime(event.createdAt)}
                  </time>
                </div>
                <p className="history-record">
                  <span className="history-module">{event.label}</span>
                  {': '}
                  <Link to={recordPath(event.module, event.document)}>{event.title || 'Registro sin título'}</Link>
                </p>
                <p className="history-description">
                  <HistoryJustification description={event.description} />
                </p>
                <Author author={event.createdBy} />
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}
