export { startEmbeddedPlatform, type EmbeddedPlatform, type EmbeddedPlatformOptions } from './embedded-platform.ts'
export { readEmbeddedConfig, type EmbeddedConfig } from './config.ts'
export { allServices } from './services.ts'
