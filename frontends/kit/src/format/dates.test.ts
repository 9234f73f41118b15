import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatMoney, fromNow } from './dates.ts'

describe('Spanish formats (spec §1)', () => {
  it('writes dates as DD/MM/YYYY and DD/MM/YYYY, hh:mm A', () => {
    const local = new Date(2026, 2, 5, 15, 7)
    expect(formatDate(local)).toBe('05/03/2026')
    expect(formatDateTime(local)).toBe('05/03/2026, 03:07 PM')
  })

  it('says relative times in Spanish', () => {
    expect(fromNow('2026-11-19T12:00:00Z', '2026-11-22T12:00:00Z')).toBe('hace 3 días')
  })

  it('writes pesos the es-MX way', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50')
  })
})
