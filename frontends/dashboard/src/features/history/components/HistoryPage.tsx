import { useId } from 'react'
import { ErrorPanel, Loading } from '@donaciones/web-kit'
import { useSearchParams } from '@donaciones/web-kit/router'
import { todayInMexico } from '@donaciones/web-kit'
import { dayFromKey, dayKey, formatLongDay } from '../lib/history-dates.ts'
import { useDayHistory } from '../hooks/use-history.ts'
import { DAY_HINT, HistoryCalendar } from './HistoryCalendar.tsx'
import { Timeline } from './Timeline.tsx'
import './history.css'

/** Query parameter holding the chosen day; 'ninguno' means the person cleared the selection. */
const DAY_PARAM = 'dia'
const NO_DAY = 'ninguno'

/** /dashboard/historical/list: the changes of one day (spec §2.5 'Histórico de eventos'). Today is chosen on arrival. */
export function HistoryPage() {
  const [params, setParams] = useSearchParams()
  const todayKey = todayInMexico()
  const today = dayFromKey(todayKey) ?? new Date()
  const raw = params.get(DAY_PARAM)
  const selected = raw === NO_DAY ? null : (dayFromKey(raw) ?? today)
  const selectedKey = selected ? dayKey(selected) : null
  const { state, retry } = useDayHistory(selectedKey)
  const calendarTitle = useId()
  const timelineTitle = useId()

  const choose = (date: Date | null) => {
    setParams((current) => {
      const next = new URLSearchParams(current)
      next.set(DAY_PARAM, date ? dayKey(date) : NO_DAY)
      return next
    }, { replace: true })
  }

  return (
    <main className="history-page">
      <h1>Histórico de eventos</h1>
      <div className="history-layout">
        <section className="history-panel" aria-labelledby={calendarTitle}>
          <h2 id={calendarTitle}>Calendario</h2>
          <HistoryCalendar selected={selected} today={today} onSelect={choose} labelledBy={calendarTitle} />
        </section>
        <section className="history-panel" aria-labelledby={timelineTitle}>
          <h2 id={timelineTitle}>{selected ? `Cambios del ${formatLongDay(selected)}` : 'Cambios registrados'}</h2>
          {!selected && <p className="history-hint">{DAY_HINT}</p>}
          {state.status === 'loading' && <Loading label="Cargando datos..." />}
          {state.status === 'error' && (
            <ErrorPanel title="No se pudo cargar el histórico" text={state.error.description || state.error.message} onRetry={retry} />
          )}
          {state.status === 'success' && selected && (
            <Timeline events={state.data} label={`Línea de tiempo del ${formatLongDay(selected)}`} />
          )}
        </section>
      </div>
    </main>
  )
}
