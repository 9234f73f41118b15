import { parseArgs } from 'node:util'
import type { BenchMode } from '../types.ts'
import { unmeasured } from '../measure.ts'
import { benchReplay } from './index.ts'

/** `npx tsx tools/bench/replay/run.ts [--quick] [--mode embedded|postgres+nats]`: the replay benchmark alone. */
const modes: readonly BenchMode[] = ['embedded', 'postgres+nats']
const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, mode: { type: 'string' } } })
if (values.mode !== undefined && !modes.includes(values.mode as BenchMode)) throw new Error(`--mode debe ser uno de: ${modes.join(', ')}`)
const selected = values.mode === undefined ? modes : modes.filter((mode) => mode === values.mode)

for (const mode of selected) {
  const result = await benchReplay(mode, { quick: values.quick, log: (line) => console.log(line), measure: unmeasured })
  console.log(JSON.stringify(result, null, 2))
}
