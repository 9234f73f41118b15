import type { Locator, Page } from 'playwright-core'

/**
 * Labelled fields (the kit's `.kit-field`) that sit side by side but whose controls do not line up:
 * a label that wraps to two lines pushes its input below its neighbour's. Two fields share a row
 * when their boxes overlap vertically and not horizontally; their first controls (input, select,
 * textarea, or the upload button) must then have the same top. One line per pair, '' for none.
 */
export function misalignedFields(page: Page, scope = 'body'): Promise<string[]> {
  return page.locator(scope).first().evaluate((root) => {
    const fields = Array.from(root.querySelectorAll('.kit-field'))
      .map((field) => ({ field, box: field.getBoundingClientRect(), control: field.querySelector('input:not([type="file"]):not(.kit-visually-hidden), select, textarea, button') }))
      .filter(({ box, control }) => box.width > 0 && box.height > 0 && control)
    const label = (field: Element) => field.querySelector('.kit-field__label')?.textContent?.trim() ?? field.className
    const problems: string[] = []
    fields.forEach((first, index) => {
      for (const second of fields.slice(index + 1)) {
        const sameRow = first.box.top < second.box.bottom && second.box.top < first.box.bottom
        const apart = first.box.right <= second.box.left || second.box.right <= first.box.left
        if (!sameRow || !apart) continue
        const [top, other] = [first.control?.getBoundingClientRect().top ?? 0, second.control?.getBoundingClientRect().top ?? 0]
        if (Math.abs(top - other) > 1) problems.push(`${label(first.field)} (${Math.round(top)} px) y ${label(second.field)} (${Math.round(other)} px)`)
      }
    })
    return problems
  })
}

/** Whether two elements sit on one row with the same top (within a pixel). */
export async function onOneRow(first: Locator, second: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([first.boundingBox(), second.boundingBox()])
  if (!a || !b) return false
  return Math.abs(a.y - b.y) <= 1 && (a.x + a.width <= b.x || b.x + b.width <= a.x)
}

/**
 * Where the focused element is against the sticky or fixed bars at the top of the page: its top
 * and bottom, and the lowest bottom of those bars. It is fully visible when top ≥ bar and
 * bottom ≤ the viewport's height.
 */
export function focusedBelowStickyBars(page: Page): Promise<{ field: string; top: number; bottom: number; bars: number; viewport: number }> {
  return page.evaluate(() => {
    const focused = document.activeElement
    if (!focused || focused === document.body) throw new Error('Nada tiene el foco')
    const box = focused.getBoundingClientRect()
    const bars = Array.from(document.querySelectorAll('body *'))
      .filter((element) => {
        const position = getComputedStyle(element).position
        const rect = element.getBoundingClientRect()
        return (position === 'sticky' || position === 'fixed') && rect.height > 0 && rect.top <= 0 + 1 && !element.contains(focused)
      })
      .map((element) => element.getBoundingClientRect().bottom)
    const name = focused.getAttribute('aria-label') ?? (focused as HTMLInputElement).labels?.[0]?.textContent ?? focused.tagName
    return { field: name.trim(), top: box.top, bottom: box.bottom, bars: Math.max(0, ...bars), viewport: window.innerHeight }
  })
}
