/**
 * `npm run bench [-- --quick] [--only read|spike|writes|donations|replay] [--mode embedded|postgres+nats] [--write]`:
 * the server benchmarks of issues 8 and 17 in both modes: the public read path against a bare
 * express handler, a spike of 2,000 visitors on one campaign page, visits and likes, card
 * donations against the provider simulator, and projection replay.
 * Prints the figures and, on a full run (or with --write), replaces the server section of docs/benchmarks.md.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { benchDonations } from './donations.ts'
import { measurer, unmeasured } from './measure.ts'
import { startPlatform } from './platform.ts'
import { benchReadPath } from './read-path.ts'
import { benchReplay } from './replay/index.ts'
import { renderReport, type ModeResults } from './report.ts'
import { writeReportSection } from './report-section.ts'
import { benchSpike } from './spike.ts'
import type { BenchMode, BenchOptions } from './types.ts'
import { benchWritePath } from './write-path.ts'

const parts = ['read', 'spike', 'writes', 'donations', 'replay'] as const
type Part = (typeof parts)[number]
const modes: readonly BenchMode[] = ['embedded', 'postgres+nats']

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    mode: { type: 'string' },
    write: { type: 'boolean', default: false },
  },
})
const only = (values.only ?? []).map((value) => {
  if (!parts.includes(value as Part)) throw new Error(`--only debe ser uno de: ${parts.join(', ')}`)
  return value as Part
})
if (values.mode !== undefined && !modes.includes(values.mode as BenchMode)) throw new Error(`--mode debe ser uno de: ${modes.join(', ')}`)
const selectedModes = values.mode ? modes.filter((mode) => mode === values.mode) : modes
const selected = (part: Part) => only.length === 0 || only.includes(part)
const options: BenchOptions = { quick: values.quick, log: (line) => console.log(line), measure: unmeasured }

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

async function benchMode(mode: BenchMode): Promise<ModeResults> {
  const results: ModeResults = { mode, errors: [] }
  console.log(`\n== ${mode} ==`)
  if (selected('read') || selected('spike') || selected('writes') || selected('donations')) {
    const platform = await startPlatform(mode, options.log)
    const measured: BenchOptions = { ...options, measure: measurer(mode, platform.processes, options.log) }
    try {
      // Reads first, on a small log; the writes and donations then grow it.
      if (selected('read')) results.read = await benchReadPath(platform, measured)
      // A spike the machine cannot open (too few sockets) is reported without stopping the other parts.
      if (selected('spike')) {
        try {
          results.spike = await benchSpike(platform, measured)
        } catch (error) {
          results.errors.push(`spike: ${message(error)}`)
        }
      }
      if (selected('writes')) results.writes = await benchWritePath(platform, measured)
      if (selected('donations')) results.donations = await benchDonations(platform, measured)
    } catch (error) {
      results.errors.push(message(error))
      console.error(error)
    } finally {
      await platform.stop()
    }
  }
  if (selected('replay')) {
    try {
      results.replay = await benchReplay(mode, options)
    } catch (error) {
      results.errors.push(`replay: ${message(error)}`)
      console.error(error)
    }
  }
  return results
}

const results: ModeResults[] = []
for (const mode of selectedModes) results.push(await benchMode(mode))
const report = renderReport(results, options.quick)
console.log(`\n${report}\n`)
const fullRun = !options.quick && only.length === 0 && values.mode === undefined
if (fullRun || values.write) {
  writeReportSection(resolve(import.meta.dirname, '../../docs/benchmarks.md'), 'server', report)
  console.log('Sección bench:server de docs/benchmarks.md actualizada.')
}
process.exit(results.some((result) => result.errors.length > 0) ? 1 : 0)
