import { eventEnvelopeSchema, eventSubject, type EventEnvelope } from '@donaciones/contracts'
import type { OutgoingMessage } from '../bus/bus.ts'

export function toBusMessage(envelope: EventEnvelope, aggregate: string): OutgoingMessage {
  return {
    id: envelope.id,
    subject: eventSubject({ service: envelope.service, aggregate, type: envelope.type }),
    payload: JSON.stringify(envelope),
  }
}

export function fromBusPayload(payload: string): EventEnvelope {
  return eventEnvelopeSchema.parse(JSON.parse(payload)) as EventEnvelope
}
