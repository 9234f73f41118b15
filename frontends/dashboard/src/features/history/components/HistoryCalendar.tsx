import { DayPicker, type Labels } from 'react-day-picker'
import { es } from 'date-fns/locale'
import { format } from 'date-fns'
import 'react-day-picker/style.css'
import { formatLongDay } from '../lib/history-dates.ts'
import './history.css'

/** Spanish names for the picker's buttons and grid (date-fns `es` only translates the dates). */
const labels: Partial<Labels> = {
  labelNav: () => 'Navegación del calendario',
  labelNext: () => 'Ir al mes siguiente',
  labelPrevious: () => 'Ir al mes anterior',
  labelGrid: (date) => format(date, "LLLL 'de' yyyy", { locale: es }),
  labelWeekday: (date) => format(date, 'cccc', { locale: es }),
  labelDayButton: (date, modifiers) => {
    let label = format(date, "cccc, d 'de' LLLL 'de' yyyy", { locale: es })
    if (modifiers.today) label = `Hoy, ${label}`
    if (modifiers.selected) label = `${label}, seleccionado`
    return label
  },
}

export interface HistoryCalendarProps {
  selected: Date | null
  today: Date
  onSelect: (date: Date | null) => void
  labelledBy: string
}

export const DAY_HINT = 'Seleccione un día para monitorear los cambios realizados.'

/** One day to review (spec §2.5): Spanish, Monday first, no future days. */
export function HistoryCalendar({ selected, today, onSelect, labelledBy }: HistoryCalendarProps) {
  return (
    <div className="history-calendar">
      <DayPicker
        mode="single"
        locale={es}
        weekStartsOn={1}
        labels={labels}
        aria-labelledby={labelledBy}
        selected={selected ?? undefined}
        onSelect={(date) => onSelect(date ?? null)}
        defaultMonth={selected ?? today}
        today={today}
        endMonth={today}
        disabled={{ after: today }}
        showOutsideDays
        footer={<p className="history-hint">{selected ? `Día seleccionado: ${formatLongDay(selected)}` : DAY_HINT}</p>}
      />
    </div>
  )
}
