import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatTime, todayInMexico } from './dates.ts'

describe("the site's clock: Mexico City, 'DD/MM/YYYY, hh:mm A' (spec §1), for screens and e-mails", () => {
  it('writes dates as DD/MM/YYYY and DD/MM/YYYY, hh:mm A on the Mexico City clock', () => {
    // 21:07 UTC is 15:07 in Mexico City (UTC−6, no daylight saving since 2022).
    expect(formatDate('2026-03-05T21:07:00Z')).toBe('05/03/2026')
    expect(formatDateTime('2026-03-05T21:07:00Z')).toBe('05/03/2026, 03:07 PM')
    expect(formatTime('2026-03-05T21:07:00Z')).toBe('03:07 PM')
  })

  it('drops the seconds and writes the small hours with a leading zero and AM', () => {
    // The OXXO e-mail used to say '1:13:40 a.m.' where the voucher said '01:13 AM'.
    expect(formatDateTime('2026-06-10T07:13:40Z')).toBe('10/06/2026, 01:13 AM')
    expect(formatDateTime(Date.parse('2026-06-10T07:13:40Z'))).toBe('10/06/2026, 01:13 AM')
  })

  it('keeps the Mexico City day when UTC is already on the next one', () => {
    const instant = '2026-11-23T01:20:00Z'
    expect(formatDate(instant)).toBe('22/11/2026')
    expect(formatDateTime(new Date(instant))).toBe('22/11/2026, 07:20 PM')
    expect(todayInMexico(new Date(instant))).toBe('2026-11-22')
  })

  it('writes midnight and noon on the 12-hour clock, and a calendar day as the day it names', () => {
    expect(formatTime('2026-01-10T06:00:00Z')).toBe('12:00 AM')
    expect(formatTime('2026-01-10T18:05:00Z')).toBe('12:05 PM')
    expect(formatDate('2026-03-01')).toBe('01/03/2026')
  })
})
