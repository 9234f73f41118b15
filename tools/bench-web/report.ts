import { machineSummary, writeReportSection as writeSection } from '../bench/report-section.ts'
import type { LighthouseMeasure } from './lighthouse.ts'
import type { RouteMeasure } from './measure.ts'

export const SCRIPT_BUDGET_KB = 150
export const LCP_BUDGET_MS = 1500
/** Lighthouse targets: mobile Performance, every preset's other categories, CLS of every run. */
export const LIGHTHOUSE_TARGETS = { performance: 90, accessibility: 100, bestPractices: 100, seo: 100, cls: 0.05 }

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const score = (value: number | null) => (value === null ? '—' : String(value))

function lighthouseVerdict(m: LighthouseMeasure): string {
  const missed: string[] = []
  if (m.preset === 'mobile' && (m.performance ?? 0) < LIGHTHOUSE_TARGETS.performance) missed.push('performance')
  if ((m.accessibility ?? 0) < LIGHTHOUSE_TARGETS.accessibility) missed.push('accessibility')
  if ((m.bestPractices ?? 0) < LIGHTHOUSE_TARGETS.bestPractices) missed.push('best practices')
  if ((m.seo ?? 0) < LIGHTHOUSE_TARGETS.seo) missed.push('SEO')
  if (!(m.cls < LIGHTHOUSE_TARGETS.cls)) missed.push('CLS')
  return missed.length === 0 ? 'met' : `**missed**: ${missed.join(', ')}`
}

export function renderReport(measures: RouteMeasure[], audits: LighthouseMeasure[] = []): string {
  const machine = machineSummary()
  const rows = measures.map((m) => {
    const verdict = m.scriptBytes / 1024 <= SCRIPT_BUDGET_KB && m.lcpMs < LCP_BUDGET_MS && !m.remotes.some((r) => r !== 'public') ? 'met' : '**missed**'
    return `| \`${m.route}\` | ${kb(m.scriptBytes)} KB | ${m.scripts} | ${m.requests} | ${m.remotes.join(', ') || '—'} | ${m.lcpMs} ms | ${verdict} |`
  })
  const lines = [
    '## Front end: public routes (`npm run bench:web`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; production build, Debian Chromium headless, CPU slowed down 4×, empty cache, localhost.`,
    `Targets: at most ${SCRIPT_BUDGET_KB} KB of gzipped JavaScript, no setup or dashboard code, LCP under ${LCP_BUDGET_MS} ms.`,
    '',
    '| route | JavaScript (gzip) | scripts | requests | remotes fetched | LCP | target |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ]
  if (audits.length > 0) {
    const t = LIGHTHOUSE_TARGETS
    lines.push(
      '',
      '### Lighthouse',
      '',
      'Lighthouse (the npm package) in the same Chromium: mobile preset (simulated slow 4G, 4× CPU, Moto G Power screen) and desktop preset (simulated fast network, no CPU slowdown); one run per route and preset after a warm-up load.',
      `Targets: mobile Performance ≥ ${t.performance}; Accessibility, Best Practices and SEO ${t.accessibility}; CLS < ${t.cls} on every route and preset.`,
      '',
      '| route | preset | Performance | Accessibility | Best Practices | SEO | LCP | CLS | TBT | target |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...audits.map((m) => `| \`${m.route}\` | ${m.preset} | ${score(m.performance)} | ${score(m.accessibility)} | ${score(m.bestPractices)} | ${score(m.seo)} | ${m.lcpMs} ms | ${m.cls.toFixed(3)} | ${m.tbtMs} ms | ${lighthouseVerdict(m)} |`),
    )
    const flagged = new Map<string, string[]>()
    for (const m of audits) for (const audit of m.flagged) flagged.set(audit, [...(flagged.get(audit) ?? []), `\`${m.route}\` ${m.preset}`])
    if (flagged.size > 0) {
      lines.push('', 'Audits Lighthouse flags:', '')
      for (const [audit, where] of [...flagged].sort(([a], [b]) => a.localeCompare(b))) lines.push(`- ${audit} (${where.length === audits.length ? 'every route' : where.join(', ')})`)
    }
  }
  return lines.join('\n')
}

/** Replaces this benchmark's section of the file (other benchmarks keep theirs). */
export function writeReportSection(file: string, report: string): void {
  writeSection(file, 'web', report)
}
