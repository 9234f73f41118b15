import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime.js'
import 'dayjs/locale/es-mx.js'

dayjs.extend(relativeTime)
dayjs.locale('es-mx')

type DateInput = string | number | Date

/** DD/MM/YYYY (spec §1). */
export const formatDate = (value: DateInput): string => dayjs(value).format('DD/MM/YYYY')

/** 'DD/MM/YYYY, hh:mm A' (spec §1). */
export const formatDateTime = (value: DateInput): string => dayjs(value).format('DD/MM/YYYY, hh:mm A')

/** Relative time in Spanish: 'hace 3 días'. */
export const fromNow = (value: DateInput, now: DateInput = Date.now()): string => dayjs(value).from(dayjs(now))

const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' })
/** $1,234.50 (es-MX pesos). */
export const formatMoney = (amount: number): string => money.format(amount)

const integer = new Intl.NumberFormat('es-MX')
export const formatInteger = (value: number): string => integer.format(value)
