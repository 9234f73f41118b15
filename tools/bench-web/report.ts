import { machineSummary, writeReportSection as writeSection } from '../bench/report-section.ts'
import type { RouteMeasure } from './measure.ts'

export const SCRIPT_BUDGET_KB = 170
export const LCP_BUDGET_MS = 1500

const kb = (bytes: number) => (bytes / 1024).toFixed(1)

export function renderReport(measures: RouteMeasure[]): string {
  const machine = machineSummary()
  const rows = measures.map((m) => {
    const verdict = m.scriptBytes / 1024 <= SCRIPT_BUDGET_KB && m.lcpMs < LCP_BUDGET_MS && !m.remotes.some((r) => r !== 'public') ? 'met' : 'missed'
    return `| \`${m.route}\` | ${kb(m.scriptBytes)} KB | ${m.scripts} | ${m.requests} | ${m.remotes.join(', ') || '—'} | ${m.lcpMs} ms | ${verdict} |`
  })
  return [
    '## Front end: public routes (`npm run bench:web`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; production build, Debian Chromium headless, CPU slowed down 4×, empty cache, localhost.`,
    `Targets: at most ${SCRIPT_BUDGET_KB} KB of gzipped JavaScript, no setup or dashboard code, LCP under ${LCP_BUDGET_MS} ms.`,
    '',
    '| route | JavaScript (gzip) | scripts | requests | remotes fetched | LCP | target |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n')
}

/** Replaces this benchmark's section of the file (other benchmarks keep theirs). */
export function writeReportSection(file: string, report: string): void {
  writeSection(file, 'web', report)
}
