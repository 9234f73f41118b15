import { gradientPng } from './png.ts'

export const demoAdmin = { email: 'admin@demo.mx', password: 'Demo#2026' }

export const sampleCampaigns = [
  { title: 'Útiles para el regreso a clases', description: 'Mochilas y cuadernos para 200 niñas y niños de la sierra.', goal: 80_000, colors: [[255, 183, 77], [229, 57, 53]] },
  { title: 'Agua limpia para San Juan', description: 'Un sistema de captación de lluvia para la escuela comunitaria.', goal: 150_000, colors: [[79, 195, 247], [2, 119, 189]] },
  { title: 'Despensas navideñas', description: 'Alimentos básicos para 100 familias durante diciembre.', goal: 50_000, colors: [[129, 199, 132], [46, 125, 50]] },
  { title: 'Becas de música', description: 'Instrumentos y clases para la orquesta juvenil del barrio.', goal: 120_000, colors: [[186, 104, 200], [74, 20, 140]] },
] as const

export function picture(colors: readonly (readonly [number, number, number])[]): Buffer {
  const [from, to] = colors as [[number, number, number], [number, number, number]]
  return gradientPng(640, 360, from, to)
}
