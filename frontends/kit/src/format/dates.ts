import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime.js'
import 'dayjs/locale/es-mx.js'
import type { DateInput } from '@donaciones/contracts'

dayjs.extend(relativeTime)
dayjs.locale('es-mx')

/**
 * The site's clock (Mexico City, 'DD/MM/YYYY, hh:mm A') lives in the contracts, so the server's
 * e-mails write a time exactly as the screens do; the kit re-exports it for the front ends.
 */
export { formatDate, formatDateTime, formatTime, SITE_TIME_ZONE, todayInMexico } from '@donaciones/contracts'

/** Relative time in Spanish: 'hace 3 días'. */
export const fromNow = (value: DateInput, now: DateInput = Date.now()): string => dayjs(value).from(dayjs(now))

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' })
/** $1,234.50 (es-MX pesos). */
export const formatMoney = (amount: number): string => money.format(amount)

const integer = new Intl.NumberFormat('es-MX')
export const formatInteger = (value: number): string => integer.format(value)
