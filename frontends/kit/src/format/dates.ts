import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime.js'
import 'dayjs/locale/es-mx.js'

dayjs.extend(relativeTime)
dayjs.locale('es-mx')

type DateInput = string | number | Date

/**
 * The site's clock: every date and time a person sees is Mexico City's, whatever the browser's
 * zone, so a change reads the same in a record, its history row and 'Histórico'.
 */
export const SITE_TIME_ZONE = 'America/Mexico_City'

const calendarDay = /^(\d{4})-(\d{2})-(\d{2})$/

const clockParts = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
})

interface SiteClock {
  day: string
  month: string
  year: string
  hour: string
  minute: string
  period: string
}

function siteClock(value: DateInput): SiteClock {
  const parts = Object.fromEntries(clockParts.formatToParts(new Date(value)).map((part) => [part.type, part.value]))
  return {
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    period: (parts.dayPeriod ?? '').toUpperCase(),
  }
}

/**
 * DD/MM/YYYY (spec §1) in Mexico City. A calendar day (YYYY-MM-DD, e.g. a publication date) is
 * written as it is: it names a day, not an instant.
 */
export function formatDate(value: DateInput): string {
  const day = typeof value === 'string' ? calendarDay.exec(value) : null
  if (day) return `${day[3]}/${day[2]}/${day[1]}`
  const clock = siteClock(value)
  return `${clock.day}/${clock.month}/${clock.year}`
}

/** hh:mm A in Mexico City: '01:20 PM'. */
export function formatTime(value: DateInput): string {
  const clock = siteClock(value)
  return `${clock.hour}:${clock.minute} ${clock.period}`
}

/** 'DD/MM/YYYY, hh:mm A' (spec §1) in Mexico City: '22/11/2026, 01:20 PM'. */
export function formatDateTime(value: DateInput): string {
  return `${formatDate(new Date(value))}, ${formatTime(value)}`
}

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** Today (or `now`) in Mexico City as YYYY-MM-DD. */
export const todayInMexico = (now: Date = new Date()): string => isoDay.format(now)

/** Relative time in Spanish: 'hace 3 días'. */
export const fromNow = (value: DateInput, now: DateInput = Date.now()): string => dayjs(value).from(dayjs(now))

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' })
/** $1,234.50 (es-MX pesos). */
export const formatMoney = (amount: number): string => money.format(amount)

const integer = new Intl.NumberFormat('es-MX')
export const formatInteger = (value: number): string => integer.format(value)
