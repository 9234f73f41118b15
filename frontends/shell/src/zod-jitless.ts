/**
 * The site's Content-Security-Policy has no 'unsafe-eval'. zod (bundled in the remotes with the
 * contracts) probes `new Function` on its first object parse to decide whether to compile fast
 * validators, and the browser reports that probe as a CSP violation. `z.config({ jitless: true })`
 * turns the probe off; it writes into `globalThis.__zod_globalConfig`, which every bundle's copy of
 * zod reads. The shell sets the same flag there before any remote loads, without bundling zod itself.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> }
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true })

export {}
