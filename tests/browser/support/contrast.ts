import type { ElementHandle, Locator, Page } from 'playwright-core'

/** WCAG 2 AA minimum contrast of normal-size text (1.4.3). */
export const MINIMUM_TEXT_CONTRAST = 4.5

/** An sRGB colour with alpha (0 transparent, 1 opaque). */
export interface Rgba {
  r: number
  g: number
  b: number
  a: number
}

/** Reads a computed colour ('rgb(1, 2, 3)', 'rgba(1, 2, 3, 0.5)', 'rgb(1 2 3 / 50%)'). */
export function parseColor(text: string): Rgba {
  const match = /^rgba?\(([^)]+)\)$/.exec(text.trim())
  if (!match?.[1]) throw new Error(`Color no reconocido: ${text}`)
  const parts = match[1].split(/[\s,/]+/).filter(Boolean)
  const channel = (value: string | undefined) => Number(value)
  const alpha = parts[3] === undefined ? 1 : parts[3].endsWith('%') ? Number(parts[3].slice(0, -1)) / 100 : Number(parts[3])
  const color = { r: channel(parts[0]), g: channel(parts[1]), b: channel(parts[2]), a: alpha }
  if ([color.r, color.g, color.b, color.a].some((value) => Number.isNaN(value))) throw new Error(`Color no reconocido: ${text}`)
  return color
}

/** `top` painted over the opaque `bottom` (source-over). */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (front: number, back: number) => front * top.a + back * (1 - top.a)
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 }
}

/** WCAG relative luminance of an opaque sRGB colour. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const value = channel / 255
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(first: Rgba, second: Rgba): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/**
 * What is behind an element: its background colours from itself outwards (computed strings),
 * painted from the outermost inwards over the page's white canvas.
 */
export function effectiveBackground(backgrounds: readonly string[]): Rgba {
  let color: Rgba = { r: 255, g: 255, b: 255, a: 1 }
  for (const layer of [...backgrounds].reverse()) color = composite(parseColor(layer), color)
  return color
}

/** One text field after typing in it: its name, the colour of its text and the contrast with what is behind it. */
export interface TypedTextContrast {
  field: string
  color: string
  background: string
  ratio: number
}

interface MeasuredField {
  field: string
  color: string
  backgrounds: string[]
}

const FIELD_SELECTOR = [
  'textarea',
  'input:not([type])',
  ...['text', 'search', 'email', 'tel', 'url', 'password', 'number'].map((type) => `input[type="${type}"]`),
  '[contenteditable="true"]',
].join(', ')

const SAMPLES: Readonly<Record<string, string>> = { number: '123', email: 'prueba@correo.mx', tel: '5512345678', url: 'https://ejemplo.mx' }

/** Types into one field, measures its text and puts the old value back; undefined for a hidden or disabled one. */
async function typedTextContrast(field: ElementHandle<HTMLElement>): Promise<TypedTextContrast | undefined> {
  const state = await field.evaluate((element) => {
    const editable = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
    const usable = element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && element.getBoundingClientRect().width > 2
    return {
      usable: usable && !(editable && (element.disabled || element.readOnly)),
      editable,
      type: element instanceof HTMLInputElement ? element.type : '',
      value: editable ? element.value : '',
    }
  })
  if (!state.usable) return undefined
  // The rich-text editors keep their content; the colour of what is typed in them is theirs.
  if (state.editable) await field.fill(SAMPLES[state.type] ?? 'Texto de prueba')
  const measured: MeasuredField = await field.evaluate((element) => {
    const labelled = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.getAttribute('placeholder')
    const name = (labelled ?? element.getAttribute('name') ?? element.tagName.toLowerCase()).trim()
    const style = getComputedStyle(element)
    const backgrounds: string[] = []
    for (let node: Element | null = element; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor
      backgrounds.push(background)
      // Stop at the first opaque layer: nothing under it shows through.
      if (/^rgb\(/.test(background)) break
    }
    // What the typed characters are painted with: -webkit-text-fill-color wins over color.
    return { field: name, color: style.webkitTextFillColor || style.color, backgrounds }
  })
  if (state.editable) {
    await field.fill(state.value)
    // Left now, so the messages a form shows on leaving a field appear before anything else is clicked.
    await field.evaluate((element) => (element as HTMLElement).blur())
  }
  const background = effectiveBackground(measured.backgrounds)
  const text = parseColor(measured.color)
  const ratio = contrastRatio(composite(text, background), background)
  return { field: measured.field, color: measured.color, background: `rgb(${Math.round(background.r)}, ${Math.round(background.g)}, ${Math.round(background.b)})`, ratio }
}

const isDetached = (error: unknown) => error instanceof Error && /not attached to the DOM/.test(error.message)

/**
 * Types a sample text into every visible, enabled text field of the page (inputs of text, search,
 * e-mail, phone, URL, password and number, text areas and rich-text editors), reads the computed
 * colour of the typed text and the backgrounds behind it up to the first opaque one, and puts the
 * previous value back. Returns the contrast of each field; `scope` limits the search (a dialog, say).
 */
export async function typedTextContrasts(page: Page, scope = 'body'): Promise<TypedTextContrast[]> {
  // The fields as they are now: typing may add or remove others (messages, options), not these.
  const fieldsNow = async () => (await page.locator(scope).locator(FIELD_SELECTOR).elementHandles()) as ElementHandle<HTMLElement>[]
  let fields = await fieldsNow()
  const results: TypedTextContrast[] = []
  for (let index = 0; index < fields.length; index += 1) {
    let measured: TypedTextContrast | undefined
    try {
      measured = await typedTextContrast(fields[index]!)
    } catch (error) {
      // The screen drew its fields again (fresh data arrived): the same field, in the new drawing.
      if (!isDetached(error)) throw error
      fields = await fieldsNow()
      const redrawn = fields[index]
      if (!redrawn) break
      measured = await typedTextContrast(redrawn)
    }
    if (measured) results.push(measured)
  }
  return results
}

/** The fields whose typed text is below 4.5:1, one readable line each ('' for none). */
export function lowContrastFields(contrasts: readonly TypedTextContrast[]): string[] {
  return contrasts
    .filter((entry) => entry.ratio < MINIMUM_TEXT_CONTRAST)
    .map((entry) => `${entry.field}: texto ${entry.color} sobre ${entry.background} (${entry.ratio.toFixed(2)}:1)`)
}

export interface TextContrast {
  color: string
  background: string
  /** WCAG 2 contrast ratio of the text against what is drawn behind it, 1 to 21. */
  ratio: number
}

const cssColor = ({ r, g, b }: Rgba) => `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`

/**
 * The contrast of an element's own text as the browser draws it (a disabled button's label, say):
 * its computed colour and opacity against the backgrounds behind it, up to the first opaque one.
 */
export async function textContrast(locator: Locator): Promise<TextContrast> {
  const measured = await locator.evaluate((element) => {
    const backgrounds: string[] = []
    for (let node: Element | null = element; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor
      backgrounds.push(background)
      if (/^rgb\(/.test(background)) break
    }
    const style = getComputedStyle(element)
    return { color: style.color, opacity: Number(style.opacity), backgrounds }
  })
  const background = effectiveBackground(measured.backgrounds)
  const text = parseColor(measured.color)
  const drawn = composite({ ...text, a: text.a * measured.opacity }, background)
  return { color: cssColor(drawn), background: cssColor(background), ratio: contrastRatio(drawn, background) }
}

