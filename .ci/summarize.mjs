// Sums the vitest JSON reports into one line "N passed, N failed". A suite that failed to load
// (no test ran) and a step without a report (typecheck, lint, build, a crashed runner) each
// count as one failure, so the line never reads clean when something broke.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const [reportsDir, ...failedSteps] = process.argv.slice(2)
const reportOf = { tests: 'tests.json', faults: 'faults.json', browser: 'browser.json' }
let passed = 0
let failed = 0

for (const [step, file] of Object.entries(reportOf)) {
  const path = join(reportsDir, file)
  if (!existsSync(path)) {
    if (failedSteps.includes(step)) failed += 1
    continue
  }
  const report = JSON.parse(readFileSync(path, 'utf8'))
  passed += report.numPassedTests ?? 0
  failed += report.numFailedTests ?? 0
  const brokenFiles = (report.testResults ?? []).filter((file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0)
  failed += brokenFiles.length
}
failed += failedSteps.filter((step) => !(step in reportOf)).length

if (failedSteps.length > 0) console.log(`Pasos fallidos: ${failedSteps.join(', ')}`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 || failedSteps.length > 0 ? 1 : 0)
