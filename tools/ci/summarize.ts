import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pageNoteLinesOf, summarize, summaryLine, type VitestReport } from './summary.ts'

// node tools/ci/summarize.ts <reports dir> [failed step...]: prints the notes and the last line.
const [reportsDir = '.test-reports', ...failedSteps] = process.argv.slice(2)
const reportFiles = { tests: 'tests.json', 'tests-node-image': 'tests-node-image.json', faults: 'faults.json', browser: 'browser.json', containers: 'containers.json' }
const reports = Object.fromEntries(
  Object.entries(reportFiles).map(([step, file]) => {
    const path = join(reportsDir, file)
    return [step, existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as VitestReport) : undefined]
  }),
)
const summary = summarize(reports, failedSteps, { requireEveryTest: process.env.REQUIRE_REAL_ENGINES === '1' })
if (failedSteps.length > 0) console.log(`Pasos fallidos: ${failedSteps.join(', ')}`)
for (const note of summary.notes) console.log(note)
const pageNotesDir = join(reportsDir, 'browser-failures')
const pageNotes = existsSync(pageNotesDir) ? readdirSync(pageNotesDir).sort().map((file) => ({ file, text: readFileSync(join(pageNotesDir, file), 'utf8') })) : []
for (const line of pageNoteLinesOf(pageNotes)) console.log(line)
console.log(summaryLine(summary))
process.exit(summary.failed > 0 || failedSteps.length > 0 ? 1 : 0)
