import { describe, expect, it } from 'vitest'
import { pageNoteLinesOf, summarize, summaryLine, type VitestReport } from '../../tools/ci/summary.ts'

const passing = (count: number): VitestReport => ({
  success: true,
  testResults: [{ name: 'a.test.ts', status: 'passed', assertionResults: Array.from({ length: count }, () => ({ status: 'passed' })) }],
})

describe('the CI summary line', () => {
  it('sums passed, failed and skipped tests of every step', () => {
    const tests: VitestReport = {
      success: false,
      testResults: [{ name: 'b.test.ts', status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }, { status: 'skipped' }, { status: 'todo' }] }],
    }
    const summary = summarize({ tests, faults: passing(4), browser: passing(2) }, ['tests'])
    expect(summaryLine(summary)).toBe('7 passed, 1 failed, 2 skipped')
  })

  it('names each failed test with its file and the first line of its failure, at most twenty', () => {
    const failing = (index: number) => ({ status: 'failed', fullName: `prueba ${index}`, failureMessages: [`AssertionError: esperado ${index}\n    at stack`] })
    const tests: VitestReport = {
      success: false,
      testResults: [{ name: '/repo/e.test.ts', status: 'failed', assertionResults: [{ status: 'passed' }, ...Array.from({ length: 22 }, (_, index) => failing(index))] }],
    }
    const summary = summarize({ tests, faults: passing(1), browser: passing(1) }, ['tests'])
    expect(summary.notes[0]).toBe('tests: falló /repo/e.test.ts > prueba 0: AssertionError: esperado 0')
    expect(summary.notes.filter((note) => note.startsWith('tests: falló'))).toHaveLength(20)
    expect(summary.notes).toContain('tests: y 2 pruebas fallidas más')
    expect(summaryLine(summary)).toBe('3 passed, 22 failed, 0 skipped')
  })

  it('counts a file whose beforeAll threw (its tests reported skipped) as a failure', () => {
    const tests: VitestReport = {
      success: false,
      testResults: [{ name: 'c.test.ts', status: 'failed', message: 'Error: sin base de datos', assertionResults: [{ status: 'skipped' }, { status: 'skipped' }] }],
    }
    const summary = summarize({ tests, faults: passing(1), browser: passing(1) }, ['tests'])
    expect(summaryLine(summary)).toBe('2 passed, 1 failed, 2 skipped')
    expect(summary.notes[0]).toContain('c.test.ts falló sin una prueba fallida (Error: sin base de datos)')
  })

  it('counts a file that did not load (no test at all) as a failure', () => {
    const tests: VitestReport = { success: false, testResults: [{ name: 'd.test.ts', status: 'failed', assertionResults: [] }] }
    expect(summarize({ tests, faults: passing(1), browser: passing(1) }, ['tests']).failed).toBe(1)
  })

  it('counts a step that failed with a clean report (an unhandled rejection leaves success true) as a failure', () => {
    const summary = summarize({ tests: passing(10), faults: passing(1), browser: passing(1) }, ['tests'])
    expect(summaryLine(summary)).toBe('12 passed, 1 failed, 0 skipped')
    expect(summary.notes[0]).toMatch(/error no controlado/)
  })

  it('counts a report that says it did not succeed, even when the step exited 0', () => {
    expect(summarize({ tests: { ...passing(3), success: false }, faults: passing(1), browser: passing(1) }, []).failed).toBe(1)
  })

  it('counts a missing report as a failure, whether or not the step said it failed', () => {
    expect(summarize({ tests: passing(3), faults: undefined, browser: passing(1) }, []).failed).toBe(1)
    expect(summarize({ tests: passing(3), faults: undefined, browser: passing(1) }, ['faults']).failed).toBe(1)
  })

  it('counts each failed step without a report of its own (typecheck, lint, build)', () => {
    const summary = summarize({ tests: passing(3), faults: passing(1), browser: passing(1) }, ['typecheck', 'build'])
    expect(summaryLine(summary)).toBe('5 passed, 2 failed, 0 skipped')
  })

  it('reads clean only when everything passed', () => {
    expect(summaryLine(summarize({ tests: passing(3), faults: passing(1), browser: passing(1) }, []))).toBe('5 passed, 0 failed, 0 skipped')
  })

  describe('when every test must run (REQUIRE_REAL_ENGINES=1)', () => {
    const strict = { requireEveryTest: true }

    it('fails a step whose report holds no test at all', () => {
      const empty: VitestReport = { success: true, testResults: [] }
      const summary = summarize({ tests: empty, faults: passing(1), browser: passing(1) }, [], strict)
      expect(summaryLine(summary)).toBe('2 passed, 1 failed, 0 skipped')
      expect(summary.notes).toEqual(['tests: no corrió ninguna prueba'])
    })

    it('fails a step whose tests were all skipped, and one with a single skipped test, naming them', () => {
      const allSkipped: VitestReport = { success: true, testResults: [{ name: 'e.test.ts', status: 'skipped', assertionResults: [{ status: 'skipped', fullName: 'sin PostgreSQL' }] }] }
      const oneSkipped: VitestReport = {
        success: true,
        testResults: [{ name: 'f.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }, { status: 'skipped', fullName: 'sin nats-server' }] }],
      }
      const summary = summarize({ tests: allSkipped, faults: oneSkipped, browser: passing(1) }, [], strict)
      expect(summaryLine(summary)).toBe('2 passed, 2 failed, 2 skipped')
      expect(summary.notes).toEqual(['tests: no corrió ninguna prueba', 'faults: 1 prueba omitida: sin nats-server'])
    })

    it('still reads clean when every test of every step ran and passed', () => {
      expect(summaryLine(summarize({ tests: passing(3), faults: passing(1), browser: passing(1) }, [], strict))).toBe('5 passed, 0 failed, 0 skipped')
    })

    it('lets a developer machine skip what it lacks', () => {
      const oneSkipped: VitestReport = { success: true, testResults: [{ name: 'g.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }, { status: 'skipped' }] }] }
      expect(summarize({ tests: oneSkipped, faults: passing(1), browser: passing(1) }, []).failed).toBe(0)
    })
  })
})

describe('the notes of failed browser journeys at the end of CI', () => {
  it('prints what each page showed, indented, at most five notes of twelve lines', () => {
    const note = (index: number) => ({ file: `pagina-${index}.txt`, text: `prueba ${index}\ndirección: http://127.0.0.1/\n${Array.from({ length: 20 }, (_, line) => `línea ${line}`).join('\n')}\n` })
    const lines = pageNoteLinesOf(Array.from({ length: 7 }, (_, index) => note(index)))
    expect(lines.slice(0, 3)).toEqual(['browser: lo que mostraba la página (pagina-0.txt):', '  prueba 0', '  dirección: http://127.0.0.1/'])
    expect(lines.filter((line) => line.startsWith('browser: lo que mostraba'))).toHaveLength(5)
    expect(lines).toHaveLength(5 * 13 + 1)
    expect(lines.at(-1)).toBe('browser: y 2 notas más en .test-reports/browser-failures')
  })

  it('prints nothing when no journey failed', () => {
    expect(pageNoteLinesOf([])).toEqual([])
  })
})
