/**
 * The last line of .ci/run, "N passed, N failed, N skipped", from the vitest JSON reports of its
 * test steps and the steps that failed. It must never read clean over something broken:
 * - a failed test counts once;
 * - a file that failed without a failed test (a beforeAll that threw, a file that did not load)
 *   counts once;
 * - a step without its report counts once (the runner crashed before writing it);
 * - a step that failed although its report shows no failure (an unhandled error, a runner exit
 *   code) counts once;
 * - a step without a report of its own (typecheck, lint, build) counts once when it failed.
 */
export interface AssertionReport {
  status: string
}

export interface FileReport {
  name?: string
  status: string
  message?: string
  assertionResults?: AssertionReport[]
}

export interface VitestReport {
  numPassedTests?: number
  numFailedTests?: number
  numPendingTests?: number
  numTodoTests?: number
  success?: boolean
  testResults?: FileReport[]
}

export interface Summary {
  passed: number
  failed: number
  skipped: number
  /** Why each failure that is not a failed test counts. */
  notes: string[]
}

const SKIPPED = new Set(['skipped', 'pending', 'todo'])

/** `reports`: each test step's report, or undefined when the step wrote none. */
export function summarize(reports: Record<string, VitestReport | undefined>, failedSteps: readonly string[]): Summary {
  const summary: Summary = { passed: 0, failed: 0, skipped: 0, notes: [] }
  for (const [step, report] of Object.entries(reports)) {
    if (!report) {
      summary.failed += 1
      summary.notes.push(`${step}: sin informe`)
      continue
    }
    const files = report.testResults ?? []
    const assertions = files.flatMap((file) => file.assertionResults ?? [])
    const passed = assertions.filter((assertion) => assertion.status === 'passed').length
    const failedTests = assertions.filter((assertion) => assertion.status === 'failed').length
    summary.passed += passed
    summary.failed += failedTests
    summary.skipped += assertions.filter((assertion) => SKIPPED.has(assertion.status)).length
    for (const file of files) {
      const failedHere = (file.assertionResults ?? []).some((assertion) => assertion.status === 'failed')
      if (file.status === 'failed' && !failedHere) {
        summary.failed += 1
        summary.notes.push(`${step}: ${file.name ?? 'archivo'} falló sin una prueba fallida${file.message ? ` (${file.message.split('\n')[0]})` : ''}`)
      }
    }
    const reportFailures = failedTests + files.filter((file) => file.status === 'failed').length
    if ((failedSteps.includes(step) || report.success === false) && reportFailures === 0) {
      summary.failed += 1
      summary.notes.push(`${step}: el paso falló sin pruebas fallidas (error no controlado o salida del ejecutor)`)
    }
  }
  for (const step of failedSteps) {
    if (step in reports) continue
    summary.failed += 1
    summary.notes.push(`${step}: falló`)
  }
  return summary
}

export function summaryLine(summary: Summary): string {
  return `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`
}
