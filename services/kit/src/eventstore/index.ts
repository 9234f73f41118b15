export { beginning, deleteCheckpoint, loadCheckpoint, storeCheckpoint, type Checkpoint } from './checkpoint.ts'
export { ConcurrencyError, DuplicateRecordError } from './errors.ts'
export { deterministicUuid } from './deterministic-id.ts'
export { EventStore, newEvent, type ReadAllOptions, type AppendOptions, type EventStoreOptions, type NewEvent, type NewStreamAppend } from './event-store.ts'
export { eventKey, projectionHandles, type Projection, type ProjectionIndex } from './projection.ts'
export { recreateProjectionTables, setUpProjection } from './projection-setup.ts'
export { createEventStoreTables } from './schema.ts'
export { eventHandlers, isEvent, on, type EventHandler, type EventHandlers, type TypedEvent } from './event-handlers.ts'
export type { ProjectionRebuild } from './projection.ts'
export { typedProjection, type ProjectionHandler, type ProjectionHandlers, type TypedProjectionDefinition } from './typed-projection.ts'
export {
  foldEvents,
  handleCommand,
  handleCommandIn,
  retryingTransaction,
  type Decider,
  type StreamEvent,
  type HandleInOptions,
  type HandleOptions,
  type HandleResult,
} from './command-handler.ts'
export { GroupCommit, type GroupCommitOptions } from './group-commit.ts'
