import { cpus, totalmem } from 'node:os'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

/**
 * Replaces one benchmark's section of a Markdown file, between `<!-- bench:<name> -->` and
 * `<!-- /bench:<name> -->`; the other sections stay as they are. A missing section is appended.
 */
export function writeReportSection(file: string, name: string, report: string): void {
  const start = `<!-- bench:${name} -->`
  const end = `<!-- /bench:${name} -->`
  const section = `${start}\n${report}\n${end}`
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n'
  const from = current.indexOf(start)
  const to = current.indexOf(end)
  const next = from >= 0 && to > from ? `${current.slice(0, from)}${section}${current.slice(to + end.length)}` : `${current.trimEnd()}\n\n${section}\n`
  writeFileSync(file, next)
}

/** "2 cores (Intel(R) Xeon(R) Processor), 24 GiB": the machine a report was measured on. */
export function machineSummary(): string {
  return `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'CPU'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GiB`
}
