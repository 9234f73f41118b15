import { describe, expect, it } from 'vitest'
import {
  allEvents,
  auditEvents,
  campaignEvents,
  contentEvents,
  donationApproved,
  donationEvents,
  eventsByService,
  eventSubject,
  findEventDefinition,
  identityEvents,
  upcastEventData,
  visitRecorded,
} from './index.ts'
import { serviceNames } from './envelope.ts'

interface SchemaNode {
  def: { shape?: Record<string, unknown>; options?: unknown[]; innerType?: unknown; element?: unknown }
}
function keysOf(schema: unknown, found = new Set<string>()): Set<string> {
  const def = (schema as SchemaNode).def
  for (const [key, child] of Object.entries(def.shape ?? {})) {
    found.add(key)
    keysOf(child, found)
  }
  for (const child of [...(def.options ?? []), def.innerType, def.element]) if (child) keysOf(child, found)
  return found
}

describe('event registry', () => {
  it('collects every service', () => {
    expect(allEvents).toHaveLength(
      identityEvents.length + campaignEvents.length + donationEvents.length + contentEvents.length + auditEvents.length,
    )
    expect(Object.keys(eventsByService).sort()).toEqual([...serviceNames].sort())
    for (const [service, events] of Object.entries(eventsByService)) {
      for (const definition of events) expect(definition.service).toBe(service)
    }
  })

  it('has unique types per service and unique subjects', () => {
    const subjects = allEvents.map((definition) => eventSubject(definition))
    expect(new Set(subjects).size).toBe(subjects.length)
  })

  it('covers every aggregate', () => {
    expect(new Set(allEvents.map((definition) => definition.aggregate))).toEqual(
      new Set(['user', 'institution', 'category', 'campaign', 'comment', 'donor-message', 'configuration', 'monthly-donation', 'receipt', 'page', 'file', 'donation', 'counter']),
    )
  })

  it('finds definitions by service and type', () => {
    expect(findEventDefinition('audit', 'VisitRecorded')).toBe(visitRecorded)
    expect(findEventDefinition('donation', 'DonationApproved')).toBe(donationApproved)
    expect(findEventDefinition('audit', 'DonationApproved')).toBeUndefined()
    expect(findEventDefinition('donation', 'Nope')).toBeUndefined()
  })

  it('never carries a credential or secret', () => {
    const forbidden = ['password', 'newPassword', 'passwordHash', 'hash', 'secret', 'pass', 'token', 'productKey', 'keys']
    for (const definition of allEvents) {
      const keys = keysOf(definition.schema)
      expect({ type: definition.type, leaked: forbidden.filter((key) => keys.has(key)) }).toEqual({ type: definition.type, leaked: [] })
    }
  })
})

describe('the two events needed now', () => {
  it('VisitRecorded', () => {
    expect([visitRecorded.service, visitRecorded.aggregate, visitRecorded.type]).toEqual(['audit', 'counter', 'VisitRecorded'])
    expect(visitRecorded.v).toBe(1)
    expect(visitRecorded.schema.parse({ counter: 'visits' })).toEqual({ counter: 'visits' })
    expect(visitRecorded.schema.safeParse({ counter: 'donors' }).success).toBe(false)
  })

  it('DonationApproved', () => {
    const data = {
      donationId: 'd1',
      campaignId: 'c1',
      amount: 100,
      fee: 3.5,
      currency: 'MXN',
      type: 'oxxo',
      donor: { email: 'a@b.mx', name: 'Ana' },
      userId: null,
      approvedAt: '2025-04-01T10:00:00.000Z',
    }
    expect([donationApproved.service, donationApproved.aggregate, donationApproved.type]).toEqual(['donation', 'donation', 'DonationApproved'])
    expect(upcastEventData(donationApproved, 1, data)).toEqual(data)
    expect(donationApproved.schema.safeParse({ ...data, amount: 0 }).success).toBe(false)
    expect(donationApproved.schema.safeParse({ ...data, type: 'failed' }).success).toBe(false)
    expect(donationApproved.schema.safeParse({ ...data, currency: 'USD' }).success).toBe(false)
  })
})
