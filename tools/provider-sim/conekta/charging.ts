import type { SimResponse } from '../http.ts'
import { cardOutcome, type CardOutcome, type TokenStore } from './cards.ts'
import { conektaError, invalidParameter } from './errors.ts'
import type { ConektaOrderStore } from './orders.ts'
import type { OrderInput } from './validate.ts'

const tokenParam = 'payment_method.token_id'

/** Places a validated order: consumes the card token and charges it, or issues an OXXO reference or a SPEI CLABE. */
export function placeOrder(input: OrderInput, tokens: TokenStore, orders: ConektaOrderStore, barcodeBaseUrl: string): SimResponse {
  const charge = input.charge
  if (charge.type === 'cash') return { status: 200, body: orders.createCashOrder({ ...input, charge }, barcodeBaseUrl) }
  if (charge.type === 'spei') return { status: 200, body: orders.createSpeiOrder({ ...input, charge }) }

  const token = tokens.get(charge.tokenId)
  if (!token) {
    return invalidParameter('charges[0].payment_method.token_id', `The token ${charge.tokenId} does not exist.`, 'El token de pago no es válido.')
  }
  if (token.used) {
    return conektaError('processing_error', {
      code: 'conekta.errors.processing.tokenization.used',
      param: tokenParam,
      message: 'El token de pago ya fue utilizado. Por favor intenta de nuevo.',
      debug_message: 'The token has already been used.',
    })
  }
  token.used = true
  return declineOf(cardOutcome(token.card.number), tokenParam) ?? { status: 200, body: orders.createPaidCardOrder(input, token.card) }
}

/** The bank's answer to a charge of a card whose outcome is not 'approved' (402), or undefined. */
export function declineOf(outcome: CardOutcome, param: string): SimResponse | undefined {
  switch (outcome) {
    case 'declined':
      return conektaError('processing_error', {
        code: 'conekta.errors.processing.bank.declined',
        param,
        message: 'Esta tarjeta fue declinada. Por favor intenta con otro método de pago.',
        debug_message: 'The card was declined by the bank.',
      })
    case 'insufficient_funds':
      return conektaError('processing_error', {
        code: 'conekta.errors.processing.bank.insufficient_funds',
        param,
        message: 'Esta tarjeta no tiene fondos suficientes para completar la compra.',
        debug_message: 'The card has insufficient funds.',
      })
    case 'approved':
      return undefined
  }
}
