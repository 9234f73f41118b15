import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[]; failureSummary?: string }[]
}

/**
 * Runs axe-core's WCAG 2 A and AA rules (labels, names, contrast, keyboard, landmarks) on the
 * page as it is now and returns the violations, each with the elements involved.
 */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, not as a <script> tag: the site's CSP refuses inline scripts.
  await page.evaluate(readFileSync(axePath, 'utf8'))
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, ...(node.failureSummary ? { failureSummary: node.failureSummary } : {}) })),
    }))
  })
}

/** One line per violation and element, readable in a failing assertion. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help} → ${node.target.join(' ')}`))
}
