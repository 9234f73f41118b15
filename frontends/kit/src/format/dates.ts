import type { DateInput } from '@donaciones/contracts'

/**
 * The site's clock (Mexico City, 'DD/MM/YYYY, hh:mm A') lives in the contracts, so the server's
 * e-mails write a time exactly as the screens do; the kit re-exports it for the front ends.
 */
export { formatDate, formatDateTime, formatTime, SITE_TIME_ZONE, todayInMexico } from '@donaciones/contracts'

const relative = new Intl.RelativeTimeFormat('es-MX', { numeric: 'always' })
const second = 1000
const minute = 60 * second
const hour = 60 * minute
const day = 24 * hour
const month = 30.4375 * day
const year = 365.25 * day

/**
 * Relative time in Spanish: 'hace 3 días', 'dentro de 2 horas'. The browser's Intl says it, so the
 * public pages carry no date library; each unit is used up to the point where the next one reads
 * better (45 s, 45 min, 22 h, 26 days, 11 months), and under 45 s it is 'hace unos segundos'.
 */
export function fromNow(value: DateInput, now: DateInput = Date.now()): string {
  const elapsed = new Date(now).getTime() - new Date(value).getTime()
  const size = Math.abs(elapsed)
  if (size < 45 * second) return elapsed >= 0 ? 'hace unos segundos' : 'en unos segundos'
  const [amount, unit]: [number, Intl.RelativeTimeFormatUnit] =
    size < 45 * minute ? [size / minute, 'minute']
    : size < 22 * hour ? [size / hour, 'hour']
    : size < 26 * day ? [size / day, 'day']
    : size < 11 * month ? [size / month, 'month']
    : [size / year, 'year']
  const rounded = Math.max(1, Math.round(amount))
  return relative.format(elapsed >= 0 ? -rounded : rounded, unit)
}

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' })
/** $1,234.50 (es-MX pesos). */
export const formatMoney = (amount: number): string => money.format(amount)

const integer = new Intl.NumberFormat('es-MX')
export const formatInteger = (value: number): string => integer.format(value)
