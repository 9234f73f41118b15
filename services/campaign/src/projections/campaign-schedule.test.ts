import { describe, expect, it } from 'vitest'
import { campaignSchedule } from './campaign-queries.ts'

describe('campaign schedule', () => {
  const row = { date: '2026-11-01', duration: 30, active: true }

  it('ends at the publication date in Mexico City plus the duration', () => {
    expect(campaignSchedule(row).endsAt).toBe('2026-12-01T06:00:00.000Z')
  })

  it('is open only while active and before the end', () => {
    expect(campaignSchedule(row, new Date('2026-12-01T05:59:59Z')).open).toBe(true)
    expect(campaignSchedule(row, new Date('2026-12-01T06:00:00Z')).open).toBe(false)
    expect(campaignSchedule({ ...row, active: false }, new Date('2026-11-02T00:00:00Z')).open).toBe(false)
  })
})
