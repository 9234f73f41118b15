/**
 * The last line of .ci/run, "N passed, N failed, N skipped", from the vitest JSON reports of its
 * test steps and the steps that failed. It must never read clean over something broken:
 * - a failed test counts once;
 * - a file that failed without a failed test (a beforeAll that threw, a file that did not load)
 *   counts once;
 * - a step without its report counts once (the runner crashed before writing it);
 * - a step that failed although its report shows no failure (an unhandled error, a runner exit
 *   code) counts once;
 * - a step without a report of its own (typecheck, lint, build) counts once when it failed;
 * - when every test must run (`requireEveryTest`, CI's REQUIRE_REAL_ENGINES=1), a step whose report
 *   ran no test, and a step with skipped tests, count once each: a suite that skipped itself
 *   (no engine, no binary) must not read clean.
 * Each failed test is also named in a note with the first line of its failure, so that the end of
 * CI's output, often all that is kept, says what broke.
 */
export interface AssertionReport {
  status: string
  fullName?: string
  failureMessages?: string[]
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

export interface SummaryOptions {
  /** Every test must run: no step may be empty, no test skipped. */
  requireEveryTest?: boolean
}

/** At most this many skipped tests are named in a note. */
const namedSkips = 5
/** At most this many failed tests are named, each in a note of its own. */
const namedFailures = 20
/** A failure's first line is cut to this many characters in its note. */
const failureLineLength = 300

function failureNote(step: string, file: FileReport, assertion: AssertionReport): string {
  const firstLine = (assertion.failureMessages?.[0] ?? '').split('\n')[0]?.trim() ?? ''
  const cut = firstLine.length > failureLineLength ? `${firstLine.slice(0, failureLineLength)}…` : firstLine
  return `${step}: falló ${file.name ?? 'archivo'} > ${assertion.fullName ?? 'sin nombre'}${cut ? `: ${cut}` : ''}`
}

/** `reports`: each test step's report, or undefined when the step wrote none. */
export function summarize(reports: Record<string, VitestReport | undefined>, failedSteps: readonly string[], options: SummaryOptions = {}): Summary {
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
    const skipped = assertions.filter((assertion) => SKIPPED.has(assertion.status))
    summary.skipped += skipped.length
    if (options.requireEveryTest && passed + failedTests === 0) {
      summary.failed += 1
      summary.notes.push(`${step}: no corrió ninguna prueba`)
    } else if (options.requireEveryTest && skipped.length > 0) {
      summary.failed += 1
      const names = skipped.slice(0, namedSkips).map((assertion) => assertion.fullName ?? 'sin nombre')
      const more = skipped.length > namedSkips ? ` y ${skipped.length - namedSkips} más` : ''
      summary.notes.push(`${step}: ${skipped.length === 1 ? '1 prueba omitida' : `${skipped.length} pruebas omitidas`}: ${names.join('; ')}${more}`)
    }
    const failures = files.flatMap((file) => (file.assertionResults ?? []).filter((assertion) => assertion.status === 'failed').map((assertion) => failureNote(step, file, assertion)))
    summary.notes.push(...failures.slice(0, namedFailures))
    if (failures.length > namedFailures) summary.notes.push(`${step}: y ${failures.length - namedFailures} pruebas fallidas más`)
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

/** At most this many failed journeys' page notes are printed, each cut to this many lines. */
const printedPageNotes = 5
const pageNoteLines = 12

/**
 * The notes a failed browser journey left about its page (`tests/browser/support/pages.ts`), as
 * lines for the end of CI's output: the page's address, dialogs, alerts and failed requests say
 * why a wait ran out when only the end of the output is kept.
 */
export function pageNoteLinesOf(notes: readonly { file: string; text: string }[]): string[] {
  const lines = notes.slice(0, printedPageNotes).flatMap(({ file, text }) => [`browser: lo que mostraba la página (${file}):`, ...text.trim().split('\n').slice(0, pageNoteLines).map((line) => `  ${line.slice(0, failureLineLength)}`)])
  if (notes.length > printedPageNotes) lines.push(`browser: y ${notes.length - printedPageNotes} notas más en .test-reports/browser-failures`)
  return lines
}
