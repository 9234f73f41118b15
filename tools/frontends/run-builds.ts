import { spawn } from 'node:child_process'
import type { BundleName } from './bundles.ts'

export interface BuildOutcome {
  bundle: BundleName
  ok: boolean
  seconds: number
  /** webpack's own output, shown when the build failed. */
  output: string
}

export type BuildOne = (bundle: BundleName) => Promise<Omit<BuildOutcome, 'seconds'>>

/** Runs webpack for one bundle in its own process, in the bundle's folder. */
export function webpackBuild(root: string, webpackBin: string, env: NodeJS.ProcessEnv): BuildOne {
  return (bundle) =>
    new Promise((resolveBuild) => {
      const child = spawn(process.execPath, [webpackBin, '--config', 'webpack.config.mjs'], { cwd: `${root}/frontends/${bundle}`, env, stdio: ['ignore', 'pipe', 'pipe'] })
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.on('error', (error) => resolveBuild({ bundle, ok: false, output: `${output}${error.message}` }))
      child.on('close', (code) => resolveBuild({ bundle, ok: code === 0, output }))
    })
}

/**
 * Builds the bundles, `parallel` at a time, calling `onDone` as each finishes (in finishing order).
 * Every build runs even when one fails, so one run reports every broken bundle.
 */
export async function runBuilds(bundles: readonly BundleName[], parallel: number, build: BuildOne, onDone: (outcome: BuildOutcome, finished: number) => void): Promise<BuildOutcome[]> {
  const queue = [...bundles]
  const outcomes: BuildOutcome[] = []
  const worker = async (): Promise<void> => {
    for (let bundle = queue.shift(); bundle; bundle = queue.shift()) {
      const started = performance.now()
      const result = await build(bundle)
      const outcome = { ...result, seconds: (performance.now() - started) / 1000 }
      outcomes.push(outcome)
      onDone(outcome, outcomes.length)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, bundles.length)) }, worker))
  return outcomes
}
