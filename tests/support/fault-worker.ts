import {
  createNatsBus,
  createPgDatabase,
  EventStore,
  OutboxRelay,
  ProjectionConsumer,
} from '@donaciones/kit'
import { sampleDefinitions, sumProjection } from '@donaciones/kit/testing'

/**
 * A relay or a consumer alone in a process, so the fault test can kill it with SIGKILL.
 * Configured by FAULT_MODE, DATABASE_URL, NATS_URL, FAULT_STREAM, FAULT_PREFIX,
 * FAULT_PRODUCER_SCHEMA and FAULT_CONSUMER_SCHEMA.
 */
const env = (name: string): string => {
  const value = process.env[name]
  if (!value) throw new Error(`Falta ${name}`)
  return value
}

const db = createPgDatabase({ connectionString: env('DATABASE_URL'), max: 4 })
const bus = await createNatsBus({ servers: env('NATS_URL'), stream: env('FAULT_STREAM'), subjectPrefix: env('FAULT_PREFIX'), ackWaitMs: 2000, redeliveryDelayMs: 50 })

if (env('FAULT_MODE') === 'relay') {
  const store = new EventStore({ db, schema: env('FAULT_PRODUCER_SCHEMA'), service: 'donation', definitions: sampleDefinitions })
  new OutboxRelay({ store, bus, definitions: sampleDefinitions, batchSize: 50, pollIntervalMs: 20, onError: (error) => process.stderr.write(`relay: ${String(error)}\n`) }).start()
} else {
  const projection = sumProjection({ delayPerEventMs: 1 })
  const store = new EventStore({ db, schema: env('FAULT_CONSUMER_SCHEMA'), service: 'audit', definitions: sampleDefinitions, projections: [projection] })
  await store.init()
  const consumer = new ProjectionConsumer({ store, bus, projections: [projection], ackWaitMs: 2000 })
  await consumer.setup()
  await consumer.start()
}
process.stdout.write('listo\n')
