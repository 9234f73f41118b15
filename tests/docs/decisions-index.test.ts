import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const decisions = readFileSync(join(import.meta.dirname, '../../docs/decisions.md'), 'utf8')

/** The numbers of the `## 12. Title` headings, in the order they are written. */
function headings(text: string): Array<{ number: number }> {
  return [...text.matchAll(/^## (\d+)\. .+$/gm)].map((match) => ({ number: Number(match[1]) }))
}

/** `| 12 | Title | status |` rows of the index table. */
function indexRows(text: string): Array<{ number: number; title: string; status: string }> {
  return [...text.matchAll(/^\| (\d+) \| (.+) \| ([^|]+) \|$/gm)].map((match) => ({
    number: Number(match[1]),
    title: match[2]!.replaceAll('\\|', '|'),
    status: match[3]!.trim(),
  }))
}

describe('docs/decisions.md', () => {
  it('numbers its decisions 1, 2, 3… with none missing or repeated', () => {
    const numbers = headings(decisions).map((heading) => heading.number)
    expect(numbers).toEqual(numbers.map((_, position) => position + 1))
  })

  it('lists every decision in its index, in order, each with a title', () => {
    const rows = indexRows(decisions)
    expect(rows.map((row) => row.number)).toEqual(headings(decisions).map((heading) => heading.number))
    for (const row of rows) expect(row.title.trim(), `decisión ${row.number}`).not.toBe('')
  })

  it('gives each decision of the index a status that points at a decision that exists', () => {
    const count = headings(decisions).length
    for (const row of indexRows(decisions)) {
      const status = /^(in force|amended by (\d+)|merged into (\d+))$/.exec(row.status)
      expect(status, `decisión ${row.number}: «${row.status}»`).not.toBeNull()
      const target = Number(status![2] ?? status![3] ?? 0)
      if (target) expect(target, `decisión ${row.number}`).toBeLessThanOrEqual(count)
    }
  })
})
