import { CARD_TOKEN_ERROR_TEXT, CARD_TOKEN_ERROR_TITLE, splitCardExpiry } from '@donaciones/contracts'
import { showAlert } from '@donaciones/web-kit'
import { createCardToken } from '../api/conekta-tokenizer.ts'

/** The card as the forms hold it (the expiry as typed, MM/AA). */
export interface CardFieldValues {
  number: string
  name: string
  expiry: string
  cvc: string
}

/** The provider's single-use token for the card, or null after telling the donor it was refused. */
export async function tokenizeCard(tokenizerUrl: string, publicKey: string, values: CardFieldValues): Promise<string | null> {
  const expiry = splitCardExpiry(values.expiry)
  try {
    if (!expiry) throw new Error('Fecha inválida')
    return await createCardToken(tokenizerUrl, publicKey, {
      number: values.number.replace(/\s/g, ''),
      name: values.name,
      exp_month: expiry.expMonth,
      exp_year: expiry.expYear,
      cvc: values.cvc,
    })
  } catch {
    void showAlert(CARD_TOKEN_ERROR_TITLE, CARD_TOKEN_ERROR_TEXT, 'error')
    return null
  }
}
