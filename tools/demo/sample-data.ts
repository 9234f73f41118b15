import { gradientPng } from './png.ts'

export const demoAdmin = { email: 'admin@demo.mx', password: 'Demo#2026' }

export const sampleCampaigns = [
  { title: 'Útiles para el regreso a clases', description: 'Mochilas y cuadernos para 200 niñas y niños de la sierra.', goal: 80_000, colors: [[255, 183, 77], [229, 57, 53]] },
  { title: 'Agua limpia para San Juan', description: 'Un sistema de captación de lluvia para la escuela comunitaria.', goal: 150_000, colors: [[79, 195, 247], [2, 119, 189]] },
  { title: 'Despensas navideñas', description: 'Alimentos básicos para 100 familias durante diciembre.', goal: 50_000, colors: [[129, 199, 132], [46, 125, 50]] },
  { title: 'Becas de música', description: 'Instrumentos y clases para la orquesta juvenil del barrio.', goal: 120_000, colors: [[186, 104, 200], [74, 20, 140]] },
] as const

/** Card donations to the first campaign, so its donor wall has named and anonymous donors with messages. */
export const sampleDonors = [
  { name: 'Mariana Torres', email: 'mariana@demo.mx', amount: 500, anonymous: false, message: '¡Mucho éxito en el regreso a clases!' },
  { name: 'Jorge Ramírez', email: 'jorge@demo.mx', amount: 1500, anonymous: true, message: 'Con cariño para la sierra.' },
  { name: 'Lucía Hernández', email: 'lucia@demo.mx', amount: 250, anonymous: false, message: '' },
  { name: 'Pedro Sánchez', email: 'pedro@demo.mx', amount: 2000, anonymous: false, message: 'Que ningún niño se quede sin cuadernos.' },
] as const

/** Monthly donors of the second campaign: one charged for three months, one paused after three declined months. */
export const sampleMonthlyDonors = [
  { name: 'Sofía Castillo', email: 'sofia@demo.mx', amount: 300, months: 3, declined: false },
  { name: 'Raúl Mendoza', email: 'raul@demo.mx', amount: 150, months: 1, declined: true },
] as const

/** 'Donataria autorizada' as the demo's Configuración has it, and a donor who asks for a deductible receipt. */
export const demoDonataria = { enabled: true, rfc: 'FDE970701AB9', authorizationNumber: '600-04-02-2024-1234', authorizationDate: '2024-01-15' } as const
export const sampleReceiptDonor = {
  name: 'Ana Pérez',
  email: 'ana.perez@demo.mx',
  amount: 1200,
  receipt: { rfc: 'PEGA800101AB8', name: 'Ana Pérez García', taxRegime: '605', postalCode: '06600', email: 'facturas.ana@demo.mx' },
} as const

export function picture(colors: readonly (readonly [number, number, number])[]): Buffer {
  const [from, to] = colors as [[number, number, number], [number, number, number]]
  return gradientPng(640, 360, from, to)
}
