import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatMoney, formatTime, fromNow, todayInMexico } from './dates.ts'

describe('Spanish formats in Mexico City time (spec §1)', () => {
  it('writes dates as DD/MM/YYYY and DD/MM/YYYY, hh:mm A on the Mexico City clock', () => {
    // 21:07 UTC is 15:07 in Mexico City (UTC−6, no daylight saving since 2022).
    expect(formatDate('2026-03-05T21:07:00Z')).toBe('05/03/2026')
    expect(formatDateTime('2026-03-05T21:07:00Z')).toBe('05/03/2026, 03:07 PM')
    expect(formatTime('2026-03-05T21:07:00Z')).toBe('03:07 PM')
  })

  it('keeps the Mexico City day when UTC is already on the next one', () => {
    // 01:20 UTC on 23 November is 19:20 on 22 November in Mexico City.
    const instant = '2026-11-23T01:20:00Z'
    expect(formatDate(instant)).toBe('22/11/2026')
    expect(formatDateTime(instant)).toBe('22/11/2026, 07:20 PM')
    expect(formatDateTime(Date.parse(instant))).toBe('22/11/2026, 07:20 PM')
    expect(formatDateTime(new Date(instant))).toBe('22/11/2026, 07:20 PM')
    expect(todayInMexico(new Date(instant))).toBe('2026-11-22')
  })

  it('writes midnight and noon on the 12-hour clock', () => {
    expect(formatTime('2026-01-10T06:00:00Z')).toBe('12:00 AM')
    expect(formatTime('2026-01-10T18:05:00Z')).toBe('12:05 PM')
  })

  it('writes a calendar day as the day it names, in any zone', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026')
  })

  it('says relative times in Spanish, each in the unit that reads best', () => {
    const now = '2026-11-22T12:00:00Z'
    const before = (milliseconds: number) => new Date(Date.parse(now) - milliseconds).toISOString()
    expect(fromNow('2026-11-19T12:00:00Z', now)).toBe('hace 3 días')
    expect(fromNow(before(10_000), now)).toBe('hace unos segundos')
    expect(fromNow(before(50_000), now)).toBe('hace 1 minuto')
    expect(fromNow(before(44 * 60_000), now)).toBe('hace 44 minutos')
    expect(fromNow(before(46 * 60_000), now)).toBe('hace 1 hora')
    expect(fromNow(before(23 * 3_600_000), now)).toBe('hace 1 día')
    expect(fromNow('2026-10-22T12:00:00Z', now)).toBe('hace 1 mes')
    expect(fromNow('2024-11-22T12:00:00Z', now)).toBe('hace 2 años')
    expect(fromNow('2026-11-22T14:00:00Z', now)).toBe('dentro de 2 horas')
  })

  it('writes pesos the es-MX way', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50')
  })
})
