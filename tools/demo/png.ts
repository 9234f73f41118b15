import { encodePng } from '@donaciones/gateway'

/** A PNG with a vertical gradient between two colours: sample campaign pictures without shipping files. */
export function gradientPng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  return encodePng(width, height, (_x, y) => {
    const t = y / Math.max(1, height - 1)
    const [r = 0, g = 0, b = 0] = from.map((start, index) => Math.round(start + ((to[index] as number) - start) * t))
    return [r, g, b, 255]
  })
}
