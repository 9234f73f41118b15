import { describe, expect, it } from 'vitest'
import { isValidRfc, normalizeRfc, rfcCheckDigit, rfcKind, rfcProblem, rfcSchema } from './rfc.ts'

/** RFCs published by their holders (public bodies and companies on their invoices) and the SAT's CFDI 4.0 test RFCs. */
const REAL_MORAL = ['SAT970701NN3', 'PME380607P35', 'CFE370814QI0', 'TME840315KT6', 'NWM9709244W4', 'BIM011108DJ5', 'EKU9003173C9', 'IIA040805DZ4', 'URE180429TM6']
const REAL_FISICA = ['GODE561231GR8', 'CACX7605101P8', 'MISC491214B86']

const messagesOf = (value: unknown, options?: { refuseGeneric?: boolean }) => rfcSchema(options).safeParse(value).error?.issues.map((issue) => issue.message)

describe('the RFC check digit (SAT algorithm)', () => {
  it('gives the last character of real RFCs of personas morales (12) and físicas (13)', () => {
    for (const rfc of [...REAL_MORAL, ...REAL_FISICA]) expect(rfcCheckDigit(rfc.slice(0, -1)), rfc).toBe(rfc.slice(-1))
  })

  it("writes 10 as 'A' and a multiple of 11 as '0', and counts Ñ and & with their own values", () => {
    // ' XEXX01010100' sums 1,342 = 11 × 122 → '0'; ' AAA010101AB' sums 881 ≡ 1 → 11 − 1 = 10 → 'A'.
    expect(rfcCheckDigit('XEXX01010100')).toBe('0')
    expect(rfcCheckDigit('AAA010101AB')).toBe('A')
    expect(rfcProblem('AAA010101ABA')).toBeUndefined()
    // Ñ is worth 38 and & 24: ' ÑAN010101AA' sums 1,345 ≡ 3 → '8'; ' &AA010101AA' sums 1,047 ≡ 2 → '9'.
    expect(rfcCheckDigit('ÑAN010101AA')).toBe('8')
    expect(rfcCheckDigit('&AA010101AA')).toBe('9')
  })

  it('refuses an RFC whose last character is not its check digit', () => {
    expect(rfcProblem('SAT970701NN4')).toBe('checkDigit')
    expect(rfcProblem('GODE561231GR7')).toBe('checkDigit')
    expect(messagesOf('GODE561231GRA')).toEqual(['El dígito verificador del RFC no coincide; cópielo de la Constancia de Situación Fiscal'])
  })
})

describe('rfcProblem', () => {
  it('accepts real RFCs and tells their kind by their length', () => {
    for (const rfc of REAL_MORAL) {
      expect(rfcProblem(rfc), rfc).toBeUndefined()
      expect(rfcKind(rfc)).toBe('moral')
    }
    for (const rfc of REAL_FISICA) {
      expect(rfcProblem(rfc), rfc).toBeUndefined()
      expect(rfcKind(rfc)).toBe('fisica')
    }
  })

  it('needs 12 or 13 characters', () => {
    expect(rfcProblem('SAT970701NN')).toBe('length')
    expect(rfcProblem('GODE561231GR8X')).toBe('length')
    expect(rfcKind('SAT970701N')).toBeUndefined()
  })

  it('needs 3 letters for a moral and 4 for a física, then 6 digits and the homoclave', () => {
    expect(rfcProblem('S4T970701NN3')).toBe('format')
    expect(rfcProblem('GOD3561231GR8')).toBe('format')
    // 13 characters with 3 letters is neither shape.
    expect(rfcProblem('SAT9707011NN3')).toBe('format')
    expect(rfcProblem('SAT97O701NN3')).toBe('format')
    // The check digit is a digit or 'A'.
    expect(rfcProblem('SAT970701NNB')).toBe('format')
  })

  it('needs a real date YYMMDD', () => {
    expect(rfcProblem('GODE561331GR8')).toBe('date')
    expect(rfcProblem('GODE560231GR8')).toBe('date')
    expect(rfcProblem('GODE561200GR8')).toBe('date')
    expect(rfcProblem('GODE560431GR8')).toBe('date')
    expect(rfcProblem('GODE010229GR8')).toBe('date')
    // February 29 of a leap year is a date; only its check digit decides then.
    const leap = `GODE000229GR`
    expect(rfcProblem(`${leap}${rfcCheckDigit(leap)}`)).toBeUndefined()
  })

  it('refuses the generic RFCs only for a deductible receipt', () => {
    expect(rfcProblem('XEXX010101000')).toBeUndefined()
    expect(rfcProblem('XEXX010101000', { refuseGeneric: true })).toBe('generic')
    expect(rfcProblem('XAXX010101000', { refuseGeneric: true })).toBe('generic')
  })
})

describe('rfcSchema', () => {
  it('normalises what the donor types: case, spaces and hyphens', () => {
    expect(normalizeRfc(' gode-561231-gr8 ')).toBe('GODE561231GR8')
    expect(rfcSchema().parse('sat 970701 nn3')).toBe('SAT970701NN3')
    expect(isValidRfc('ñ&a010101aa' + rfcCheckDigit('Ñ&A010101AA').toLowerCase())).toBe(true)
  })

  it('answers each problem in Spanish, one message at a time', () => {
    expect(messagesOf('')).toEqual(['Campo requerido'])
    expect(messagesOf(undefined)).toEqual(['Campo requerido'])
    expect(messagesOf('SAT97')).toEqual(['El RFC tiene 12 caracteres (persona moral) o 13 (persona física)'])
    expect(messagesOf('S4T970701NN3')).toEqual(['El RFC no tiene la forma del SAT: letras, fecha de 6 dígitos y homoclave de 3 caracteres'])
    expect(messagesOf('GODE561331GR8')).toEqual(['La fecha del RFC (AAMMDD) no es válida'])
    expect(messagesOf('XAXX010101000', { refuseGeneric: true })).toEqual(['El RFC genérico no sirve para un recibo deducible; escriba el RFC de quien deduce'])
  })
})
