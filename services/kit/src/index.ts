export * from './bus/index.ts'
export * from './db/index.ts'
export * from './domain/index.ts'
export * from './eventstore/index.ts'
export * from './http/index.ts'
export * from './limits/index.ts'
export { toBusMessage, fromBusPayload } from './messaging/envelope-codec.ts'
export { OutboxRelay, relayCheckpointName, type OutboxRelayOptions } from './messaging/outbox-relay.ts'
export { startChangeFeed, type ChangeFeed, type ChangeFeedSources } from './messaging/change-feed.ts'
export { ProjectionConsumer, type ProjectionConsumerOptions, type ProjectionLag } from './messaging/projection-consumer.ts'
export { replayProjection, type ReplayOptions, type ReplayProgress } from './messaging/replay.ts'
export { paymentScripts, readServiceProcessConfig, type ServiceProcessConfig } from './runtime/config.ts'
export {
  defaultGatewayPort,
  defaultServicePorts,
  logLevelSetting,
  readSettings,
  requiredSetting,
  serviceSchema,
  SettingsError,
  type Environment,
  type Settings,
} from './runtime/settings.ts'
export type { ServiceContext, ServiceDefinition } from './runtime/service-definition.ts'
export { runServiceProcess, settingsOrExit } from './runtime/service-process.ts'
export {
  distributedPlatformEngines,
  embeddedPlatformEngines,
  openDistributedEngines,
  type DistributedEngineConfig,
  type PlatformEngines,
  type ServiceEngines,
} from './runtime/service-engines.ts'
export { startServiceRuntime, type ServiceRuntime, type ServiceRuntimeOptions } from './runtime/service-runtime.ts'
export { acquireDataDirLock, DataDirLockedError, dataDirLockFile, type DataDirLock } from './runtime/data-dir-lock.ts'
export { perService } from './runtime/service-record.ts'
export {
  callService,
  callServiceOk,
  internalTokenHeader,
  mutableDirectory,
  requireInternalCall,
  type InternalResponse,
  type ServiceDirectory,
} from './runtime/service-directory.ts'
export { createSessionAuth, type SessionAuth, type SessionState } from './runtime/session-auth.ts'
export { isBlankHtml, sanitizeRichHtml } from './html/sanitize.ts'
export * from './mail/index.ts'
export * from './metrics/index.ts'
