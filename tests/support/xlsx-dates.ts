import { expect } from 'vitest'
import { XLSX_DATE_FORMAT, XLSX_DATE_TIME_FORMAT, type XlsxReadCell } from '@donaciones/xlsx'
import { SITE_TIME_ZONE } from '@donaciones/contracts'

const mexicoCity = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/**
 * What Mexico City's clock read at an instant, to the second, as the UTC fields of a Date: a
 * spreadsheet's date cell holds a clock's reading, and exceljs reads it back that way.
 */
export function onMexicoCityClock(instant: string | Date): Date {
  const parts = new Map(mexicoCity.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]))
  const at = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? Number.NaN
  return new Date(Date.UTC(at('year'), at('month') - 1, at('day'), at('hour'), at('minute'), at('second')))
}

/** An exported cell is a real date-time cell (not text) reading the instant on Mexico City's clock, shown with day and time. */
export function expectMexicoCityDateTime(cell: XlsxReadCell | undefined, instant: string | Date): void {
  expect(cell).toEqual({ value: onMexicoCityClock(instant), isDate: true, numFmt: XLSX_DATE_TIME_FORMAT })
}

/** An exported cell is a real date cell of that calendar day ('YYYY-MM-DD'), shown as a day. */
export function expectCalendarDay(cell: XlsxReadCell | undefined, day: string): void {
  expect(cell).toEqual({ value: new Date(`${day}T00:00:00.000Z`), isDate: true, numFmt: XLSX_DATE_FORMAT })
}
