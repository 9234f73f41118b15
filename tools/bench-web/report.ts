import { cpus, totalmem } from 'node:os'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { RouteMeasure } from './measure.ts'

export const SCRIPT_BUDGET_KB = 170
export const LCP_BUDGET_MS = 1500
const START = '<!-- bench:web -->'
const END = '<!-- /bench:web -->'

const kb = (bytes: number) => (bytes / 1024).toFixed(1)

export function renderReport(measures: RouteMeasure[]): string {
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'CPU'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GiB`
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
  const section = `${START}\n${report}\n${END}`
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n'
  const start = current.indexOf(START)
  const end = current.indexOf(END)
  const next = start >= 0 && end > start ? `${current.slice(0, start)}${section}${current.slice(end + END.length)}` : `${current.trimEnd()}\n\n${section}\n`
  writeFileSync(file, next)
}
