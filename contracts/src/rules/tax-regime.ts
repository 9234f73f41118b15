import { z } from 'zod'
import { INVALID_OPTION, REQUIRED } from '../messages.ts'
import type { RfcKind } from './rfc.ts'

/** One entry of the SAT's c_RegimenFiscal catalogue (CFDI 4.0) and whom it applies to. */
export interface TaxRegime {
  code: string
  description: string
  fisica: boolean
  moral: boolean
}

/** The regimes in force of c_RegimenFiscal (609 Consolidación ended in 2019 and is left out). */
export const taxRegimes = [
  { code: '601', description: 'General de Ley Personas Morales', fisica: false, moral: true },
  { code: '603', description: 'Personas Morales con Fines no Lucrativos', fisica: false, moral: true },
  { code: '605', description: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', fisica: true, moral: false },
  { code: '606', description: 'Arrendamiento', fisica: true, moral: false },
  { code: '607', description: 'Régimen de Enajenación o Adquisición de Bienes', fisica: true, moral: false },
  { code: '608', description: 'Demás ingresos', fisica: true, moral: false },
  { code: '610', description: 'Residentes en el Extranjero sin Establecimiento Permanente en México', fisica: true, moral: true },
  { code: '611', description: 'Ingresos por Dividendos (socios y accionistas)', fisica: true, moral: false },
  { code: '612', description: 'Personas Físicas con Actividades Empresariales y Profesionales', fisica: true, moral: false },
  { code: '614', description: 'Ingresos por intereses', fisica: true, moral: false },
  { code: '615', description: 'Régimen de los ingresos por obtención de premios', fisica: true, moral: false },
  { code: '616', description: 'Sin obligaciones fiscales', fisica: true, moral: false },
  { code: '620', description: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', fisica: false, moral: true },
  { code: '621', description: 'Incorporación Fiscal', fisica: true, moral: false },
  { code: '622', description: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', fisica: false, moral: true },
  { code: '623', description: 'Opcional para Grupos de Sociedades', fisica: false, moral: true },
  { code: '624', description: 'Coordinados', fisica: false, moral: true },
  { code: '625', description: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', fisica: true, moral: false },
  { code: '626', description: 'Régimen Simplificado de Confianza', fisica: true, moral: true },
  { code: '628', description: 'Hidrocarburos', fisica: false, moral: true },
  { code: '629', description: 'De los Regímenes Fiscales Preferentes y de las Empresas Multinacionales', fisica: true, moral: false },
  { code: '630', description: 'Enajenación de acciones en bolsa de valores', fisica: true, moral: false },
] as const satisfies readonly TaxRegime[]

export type TaxRegimeCode = (typeof taxRegimes)[number]['code']

const codes = taxRegimes.map((regime) => regime.code) as [TaxRegimeCode, ...TaxRegimeCode[]]

/** A code of the catalogue: none chosen is 'Campo requerido', anything else 'Opción inválida' (it comes from a select). */
export const taxRegimeSchema = z.enum(codes, { error: (issue) => (issue.input === undefined || issue.input === '' ? REQUIRED : INVALID_OPTION) })

export function findTaxRegime(code: string): TaxRegime | undefined {
  return taxRegimes.find((regime) => regime.code === code)
}

/** Whether a regime applies to the kind of person an RFC names. */
export function taxRegimeFits(code: string, kind: RfcKind): boolean {
  const regime = findTaxRegime(code)
  return regime !== undefined && regime[kind]
}

/** The options of a select for one kind of person (or every regime while the RFC is unknown). */
export function taxRegimesFor(kind: RfcKind | undefined): readonly TaxRegime[] {
  return kind ? taxRegimes.filter((regime) => regime[kind]) : taxRegimes
}
