import { describe, expect, it } from 'vitest'
import { CFDI_USE_DONATIONS, receiptRequestSchema } from './deductible-receipt.ts'
import { findTaxRegime, taxRegimeFits, taxRegimes, taxRegimesFor } from './tax-regime.ts'

const fisica = { rfc: 'gode561231gr8', name: '  Emilio   González  ', taxRegime: '605', postalCode: '06600', email: 'emilio@correo.mx' }
const moral = { rfc: 'BIM011108DJ5', name: 'GRUPO BIMBO', taxRegime: '601', postalCode: '01210', email: 'facturas@empresa.mx' }

const errorsOf = (value: unknown) =>
  receiptRequestSchema.safeParse(value).error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))

describe('the c_RegimenFiscal catalogue', () => {
  it('has each code once, each for somebody', () => {
    expect(new Set(taxRegimes.map((regime) => regime.code)).size).toBe(taxRegimes.length)
    for (const regime of taxRegimes) expect(regime.fisica || regime.moral, regime.code).toBe(true)
  })

  it('says whom each regime applies to', () => {
    expect(findTaxRegime('603')?.description).toBe('Personas Morales con Fines no Lucrativos')
    expect(taxRegimeFits('601', 'moral')).toBe(true)
    expect(taxRegimeFits('601', 'fisica')).toBe(false)
    expect(taxRegimeFits('605', 'fisica')).toBe(true)
    expect(taxRegimeFits('626', 'fisica') && taxRegimeFits('626', 'moral')).toBe(true)
    expect(taxRegimeFits('609', 'moral')).toBe(false)
    expect(taxRegimesFor('moral').map((regime) => regime.code)).not.toContain('605')
    expect(taxRegimesFor(undefined)).toBe(taxRegimes)
  })
})

describe('a donor request for a deductible receipt', () => {
  it('is a D04 (Donativos) receipt', () => {
    expect(CFDI_USE_DONATIONS).toBe('D04')
  })

  it('takes a persona física or moral with a regime of its kind, normalised', () => {
    expect(receiptRequestSchema.parse(fisica)).toEqual({ ...fisica, rfc: 'GODE561231GR8', name: 'Emilio González' })
    expect(receiptRequestSchema.parse(moral)).toEqual(moral)
  })

  it("refuses a regime that is not of the RFC's kind, in Spanish", () => {
    expect(errorsOf({ ...fisica, taxRegime: '601' })).toEqual([{ path: 'taxRegime', message: 'Este régimen fiscal no es de personas físicas (RFC de 13 caracteres)' }])
    expect(errorsOf({ ...moral, taxRegime: '605' })).toEqual([{ path: 'taxRegime', message: 'Este régimen fiscal no es de personas morales (RFC de 12 caracteres)' }])
  })

  it('checks the regime even when another field is wrong, so every message shows at once', () => {
    expect(errorsOf({ ...moral, taxRegime: '605', email: 'no-es-correo' })).toEqual([
      { path: 'email', message: 'Correo electrónico inválido' },
      { path: 'taxRegime', message: 'Este régimen fiscal no es de personas morales (RFC de 12 caracteres)' },
    ])
  })

  it('refuses the generic RFC, a wrong check digit, a postal code that is not 5 digits and a regime outside the catalogue', () => {
    expect(errorsOf({ ...fisica, rfc: 'XAXX010101000', taxRegime: '616' })).toEqual([
      { path: 'rfc', message: 'El RFC genérico no sirve para un recibo deducible; escriba el RFC de quien deduce' },
    ])
    expect(errorsOf({ ...fisica, rfc: 'GODE561231GR9' })).toEqual([
      { path: 'rfc', message: 'El dígito verificador del RFC no coincide; cópielo de la Constancia de Situación Fiscal' },
    ])
    expect(errorsOf({ ...fisica, postalCode: '6600' })).toEqual([{ path: 'postalCode', message: 'El código postal tiene 5 dígitos' }])
    expect(errorsOf({ ...fisica, postalCode: '0660A' })).toEqual([{ path: 'postalCode', message: 'El código postal tiene 5 dígitos' }])
    expect(errorsOf({ ...fisica, taxRegime: '999' })).toEqual([{ path: 'taxRegime', message: 'Opción inválida' }])
  })

  it('needs every field', () => {
    expect(errorsOf({})).toEqual(['rfc', 'name', 'taxRegime', 'postalCode', 'email'].map((path) => ({ path, message: 'Campo requerido' })))
    expect(errorsOf({ ...fisica, taxRegime: '' })).toEqual([{ path: 'taxRegime', message: 'Campo requerido' }])
    expect(errorsOf({ ...fisica, name: '   ' })).toEqual([{ path: 'name', message: 'Campo requerido' }])
  })
})
