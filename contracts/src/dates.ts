/**
 * The site's clock, shared by the screens (the web kit re-exports it) and the server (e-mails): every
 * date and time a person sees is Mexico City's, whatever the browser's or the server's zone, and in
 * one pattern (spec §1: 'DD/MM/YYYY', 'DD/MM/YYYY, hh:mm A'), so a time reads the same on a screen
 * and in the e-mail that tells of it.
 */
export const SITE_TIME_ZONE = 'America/Mexico_City'

export type DateInput = string | number | Date

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

/** The day (YYYY-MM-DD) an instant falls on in Mexico City, where the platform's dates live. */
export const mexicoCityDayOf = (value: DateInput): string => isoDay.format(new Date(value))

/** Today (or `now`) in Mexico City as YYYY-MM-DD. */
export const todayInMexico = (now: DateInput = new Date()): string => mexicoCityDayOf(now)
