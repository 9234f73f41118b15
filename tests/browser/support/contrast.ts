import type { Locator } from 'playwright-core'

export interface TextContrast {
  color: string
  background: string
  /** WCAG 2 contrast ratio of the text against what is drawn behind it, 1 to 21. */
  ratio: number
}

/**
 * The contrast of an element's text as the browser draws it: its computed colour (and opacity)
 * against the first opaque background behind it, semi-transparent layers blended on the way.
 */
export function textContrast(locator: Locator): Promise<TextContrast> {
  return locator.evaluate((element) => {
    type Rgba = [number, number, number, number]
    const parse = (value: string): Rgba => {
      const parts = /rgba?\(([^)]+)\)/.exec(value)?.[1]?.split(/[\s,/]+/).filter(Boolean).map(Number) ?? []
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1]
    }
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const alpha = top[3]
      return [top[0] * alpha + bottom[0] * (1 - alpha), top[1] * alpha + bottom[1] * (1 - alpha), top[2] * alpha + bottom[2] * (1 - alpha), 1]
    }
    // Backgrounds from the element outwards, until an opaque one (the page is white under all).
    const layers: Rgba[] = []
    for (let node: Element | null = element; node; node = node.parentElement) {
      const background = parse(getComputedStyle(node).backgroundColor)
      if (background[3] > 0) layers.push(background)
      if (background[3] >= 1) break
    }
    const background = layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1])
    const style = getComputedStyle(element)
    const text = parse(style.color)
    const color = over([text[0], text[1], text[2], text[3] * Number(style.opacity)], background)
    const luminance = ([red, green, blue]: Rgba) => {
      const channel = (value: number) => {
        const share = value / 255
        return share <= 0.03928 ? share / 12.92 : ((share + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }
    const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a) as [number, number]
    const css = (value: Rgba) => `rgb(${value.slice(0, 3).map(Math.round).join(', ')})`
    return { color: css(color), background: css(background), ratio: (light + 0.05) / (dark + 0.05) }
  })
}
