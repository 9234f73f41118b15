/** The server files every change under its day in Mexico City time (spec §9 calendar es-MX). */
export const HISTORY_TIME_ZONE = 'America/Mexico_City'

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: HISTORY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const clock = new Intl.DateTimeFormat('es-MX', { timeZone: HISTORY_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: true })
const dayAndClock = new Intl.DateTimeFormat('es-MX', {
  timeZone: HISTORY_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
})
const longDay = new Intl.DateTimeFormat('es-MX', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })

/** Today in Mexico City as YYYY-MM-DD. */
export function todayInMexico(now: Date = new Date()): string {
  return isoDay.format(now)
}

/** A calendar day (local midnight, as the day picker gives it) as YYYY-MM-DD. */
export function dayKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** YYYY-MM-DD as a local date for the day picker; null when the text is not a real day. */
export function dayFromKey(key: string | null): Date | null {
  if (!key || !/^\d{4}-\d{2}-\d{2}$/.test(key)) return null
  const [year, month, day] = key.split('-').map(Number) as [number, number, number]
  const date = new Date(year, month - 1, day)
  return dayKey(date) === key ? date : null
}

/** '10:42 a. m.' in Mexico City time. */
export const formatClock = (iso: string): string => clock.format(new Date(iso))
/** '22/11/2026, 10:42 a. m.' in Mexico City time. */
export const formatDayAndClock = (iso: string): string => dayAndClock.format(new Date(iso))
/** 'domingo, 22 de noviembre de 2026'. */
export const formatLongDay = (date: Date): string => longDay.format(date)
