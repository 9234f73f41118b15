// Times are written by the kit's one formatter (Mexico City); these helpers only handle the picker's days.
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

/** A day chosen in the picker (local midnight): 'domingo, 22 de noviembre de 2026'. */
const longDay = new Intl.DateTimeFormat('es-MX', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
export const formatLongDay = (date: Date): string => longDay.format(date)
