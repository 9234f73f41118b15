import { paymentRequired, type HttpError } from '@donaciones/kit'

/** The title of the donor's dialog (the front end shows the description under it). */
export const DECLINED_TITLE = 'Pago rechazado'

/** Our own code for a card order the provider answered without proving the payment. */
export const UNCONFIRMED_PAYMENT_CODE = 'donaciones.payment_not_confirmed'

/** Where the donor may go next: another payment method (a donation), or another card (the monthly donation's card link). */
export type DeclineAdvice = 'method' | 'card'

const ADVICE: Record<DeclineAdvice, { check: string; other: string }> = {
  method: { check: 'verifique los datos o intente con otro método de pago', other: 'intente con otra tarjeta o con otro método de pago' },
  card: { check: 'verifique los datos o registre otra tarjeta', other: 'registre otra tarjeta' },
}

/**
 * What a donor reads when the card is refused: one sentence, in usted, whatever the provider's
 * own words (Conekta's messages say 'intenta', and repeating its advice after ours said it twice).
 * The provider's message stays with the failed donation for the administrators ('Problema').
 */
export function declineSentence(code: string | null | undefined, advice: DeclineAdvice = 'method'): string {
  const { check, other } = ADVICE[advice]
  switch (code) {
    case 'conekta.errors.processing.bank.declined':
      return `Su banco rechazó la tarjeta; ${check}.`
    case 'conekta.errors.processing.bank.insufficient_funds':
      return `Su tarjeta no tiene fondos suficientes; ${other}.`
    case 'conekta.errors.processing.tokenization.used':
      return 'Los datos de su tarjeta ya se usaron en un intento anterior; envíe el formulario de nuevo.'
    case UNCONFIRMED_PAYMENT_CODE:
      return `El proveedor de pagos no confirmó el cargo; ${check}.`
    default:
      return `El pago con su tarjeta fue rechazado; ${check}.`
  }
}

/** 402 'Pago rechazado' with the donor's one sentence. */
export function cardDeclined(code: string | null | undefined, advice: DeclineAdvice = 'method'): HttpError {
  return paymentRequired(DECLINED_TITLE, declineSentence(code, advice))
}
