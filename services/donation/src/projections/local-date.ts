const mexicoCity = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' })

/** YYYY-MM-DD in the platform's time zone (America/Mexico_City). */
export function localDateOf(instant: string | Date): string {
  return mexicoCity.format(typeof instant === 'string' ? new Date(instant) : instant)
}
