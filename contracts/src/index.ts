/** @donaciones/contracts: every payload and event shape of the platform. */
export * from './messages.ts'
export * from './dates.ts'
export * from './limits.ts'
export * from './rules.ts'
export * from './errors.ts'
export * from './entities/index.ts'
export * from './api/index.ts'
export * from './events/index.ts'
