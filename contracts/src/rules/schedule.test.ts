import { describe, expect, it } from 'vitest'
import { todayInMexico } from '../dates.ts'
import { campaignStateLabel, isScheduled } from './schedule.ts'

describe('scheduled publication', () => {
  // 2026-11-24 01:00 UTC is still 2026-11-23 in Mexico City (UTC-6).
  const now = new Date('2026-11-24T01:00:00Z')

  it('reads today in Mexico City, not in UTC', () => {
    expect(todayInMexico(now)).toBe('2026-11-23')
  })

  it('is scheduled only while the publication day has not begun in Mexico City', () => {
    expect(isScheduled('2026-11-24', now)).toBe(true)
    expect(isScheduled('2026-11-23', now)).toBe(false)
    expect(isScheduled('2026-11-24', new Date('2026-11-24T06:00:00Z'))).toBe(false)
  })

  it('labels inactive, scheduled and active campaigns', () => {
    expect(campaignStateLabel({ active: false, date: '2026-12-01' }, now)).toBe('Inactivo')
    expect(campaignStateLabel({ active: true, date: '2026-12-01' }, now)).toBe('Programada')
    expect(campaignStateLabel({ active: true, date: '2026-11-01' }, now)).toBe('Activo')
  })
})
