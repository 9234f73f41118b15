import { nowSeconds, randomId } from '../http.ts'

/** What happens when an order is charged with a card. */
export type CardOutcome = 'approved' | 'declined' | 'insufficient_funds'

/** Test cards: 4000000000000002 is declined, 4000000000000127 has insufficient funds, any other valid number is approved. */
export const testCards: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': 'approved',
  '4000000000000002': 'declined',
  '4000000000000127': 'insufficient_funds',
}

export interface CardDetails {
  number: string
  name: string
  exp_month: string
  exp_year: string
  cvc: string
}

export interface StoredToken {
  id: string
  card: CardDetails
  createdAt: number
  used: boolean
}

export function luhnValid(number: string): boolean {
  let sum = 0
  let double = false
  for (let i = number.length - 1; i >= 0; i--) {
    let digit = Number(number[i])
    if (double) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
    double = !double
  }
  return sum % 10 === 0
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'american_express'
  return 'unknown'
}

export function cardOutcome(number: string): CardOutcome {
  return testCards[number] ?? 'approved'
}

/** Single-use card tokens. */
export class TokenStore {
  private readonly tokens = new Map<string, StoredToken>()

  create(card: CardDetails): StoredToken {
    const token: StoredToken = { id: randomId('tok_', 10), card, createdAt: nowSeconds(), used: false }
    this.tokens.set(token.id, token)
    return token
  }

  get(id: string): StoredToken | undefined {
    return this.tokens.get(id)
  }
}
