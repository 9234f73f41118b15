import { availableParallelism } from 'node:os'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'
import { bundleNames, staleBundles, writeStamp, type BundleName } from './bundles.ts'
import { runBuilds, webpackBuild } from './run-builds.ts'

/**
 * `npm run build` builds the four front-end bundles; `--changed` (what `npm start` and `npm run
 * demo` run first) builds only those whose sources changed since their last build, so a fresh
 * clone builds everything once and a later start builds nothing. Bundles build in parallel, one
 * per core (at most four; FRONTEND_BUILD_PARALLEL overrides), with a line as each one finishes.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const out = resolve(process.env.FRONTEND_OUT ?? process.env.FRONTEND_DIR ?? resolve(root, 'frontends/dist'))
const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production'
const parallel = Number(process.env.FRONTEND_BUILD_PARALLEL) || Math.min(4, availableParallelism())

const stale = staleBundles(root, out, mode)
const wanted: readonly BundleName[] = process.argv.includes('--changed') ? stale.map(({ bundle }) => bundle) : bundleNames
if (wanted.length > 0) {
  const started = performance.now()
  const fresh = new Map(stale.map(({ bundle, fingerprint }) => [bundle, fingerprint]))
  console.log(`Construyendo el sitio web: ${wanted.join(', ')} (${Math.min(parallel, wanted.length)} a la vez)...`)
  const webpackBin = createRequire(import.meta.url).resolve('webpack/bin/webpack.js')
  const build = webpackBuild(root, webpackBin, { ...process.env, FRONTEND_OUT: out })
  const outcomes = await runBuilds(wanted, parallel, build, (outcome, finished) => {
    const seconds = Math.round(outcome.seconds)
    console.log(`  ${outcome.bundle} ${outcome.ok ? 'listo' : 'falló'} en ${seconds} s (${finished} de ${wanted.length})`)
    if (!outcome.ok) console.error(outcome.output)
    // A bundle that was current has no entry in `fresh`; its stamp is already right.
    const fingerprint = fresh.get(outcome.bundle)
    if (outcome.ok && fingerprint) writeStamp(out, outcome.bundle, fingerprint)
  })
  const failed = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.bundle)
  if (failed.length > 0) {
    console.error(`No se pudo construir el sitio web (${failed.join(', ')}); revise los mensajes anteriores.`)
    process.exit(1)
  }
  console.log(`Sitio web construido en ${Math.round((performance.now() - started) / 1000)} s.`)
}
