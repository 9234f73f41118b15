import type { EventDefinition, ServiceName } from './envelope.ts'
import { auditEvents } from './audit.ts'
import { campaignEvents } from './campaign.ts'
import { contentEvents } from './content.ts'
import { donationEvents } from './donation.ts'
import { identityEvents } from './identity.ts'

export const eventsByService = {
  identity: identityEvents,
  campaign: campaignEvents,
  donation: donationEvents,
  content: contentEvents,
  audit: auditEvents,
} as const satisfies Record<ServiceName, readonly EventDefinition[]>

export const allEvents = [
  ...identityEvents,
  ...campaignEvents,
  ...donationEvents,
  ...contentEvents,
  ...auditEvents,
] as const

export type AnyEventDefinition = (typeof allEvents)[number]
export type EventType = AnyEventDefinition['type']

const byKey = new Map<string, AnyEventDefinition>(allEvents.map((definition) => [`${definition.service}/${definition.type}`, definition]))

/** The definition of an event type of a service, or undefined when unknown. */
export function findEventDefinition(service: ServiceName | string, type: string): AnyEventDefinition | undefined {
  return byKey.get(`${service}/${type}`)
}
