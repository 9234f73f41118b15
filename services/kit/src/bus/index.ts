export type { Bus, DeliveredMessage, MessageHandler, ObservationHandler, OutgoingMessage, SubscribeOptions, Subscription } from './bus.ts'
export { createInProcessBus, type InProcessBusOptions } from './in-process-bus.ts'
export { createNatsBus, natsServerList, type NatsBus, type NatsBusOptions } from './nats-bus.ts'
export { assertValidSubject, assertValidSubjectFilter, subjectFilterPattern, subjectMatches } from './subject-filter.ts'
