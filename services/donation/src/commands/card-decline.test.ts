import { describe, expect, it } from 'vitest'
import { cardDeclined, declineSentence, UNCONFIRMED_PAYMENT_CODE } from './card-decline.ts'

const SPANISH_TU = /\b(intenta|verifica|revisa|registra|tu|tus|te)\b/i

describe('what a donor reads when the card is refused', () => {
  const codes = [
    'conekta.errors.processing.bank.declined',
    'conekta.errors.processing.bank.insufficient_funds',
    'conekta.errors.processing.tokenization.used',
    UNCONFIRMED_PAYMENT_CODE,
    'conekta.errors.processing.desconocido',
    undefined,
  ]

  it('is one sentence in usted that names each alternative once, whatever the code', () => {
    for (const code of codes) {
      for (const advice of ['method', 'card'] as const) {
        const sentence = declineSentence(code, advice)
        expect(sentence.match(/[.!?]/g), sentence).toHaveLength(1)
        expect(sentence.endsWith('.')).toBe(true)
        expect(sentence).not.toMatch(SPANISH_TU)
        expect(sentence.match(/otro método/g)?.length ?? 0, sentence).toBeLessThanOrEqual(1)
        expect(sentence.match(/otra tarjeta/g)?.length ?? 0, sentence).toBeLessThanOrEqual(1)
      }
    }
  })

  it("answers 402 'Pago rechazado' with the sentence as its description", () => {
    const error = cardDeclined('conekta.errors.processing.bank.declined')
    expect(error.status).toBe(402)
    expect(error.toBody()).toEqual({ message: 'Pago rechazado', description: 'Su banco rechazó la tarjeta; verifique los datos o intente con otro método de pago.' })
    expect(cardDeclined('conekta.errors.processing.bank.declined', 'card').toBody().description).toBe('Su banco rechazó la tarjeta; verifique los datos o registre otra tarjeta.')
  })
})
