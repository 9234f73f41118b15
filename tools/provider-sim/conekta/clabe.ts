import { randomInt } from 'node:crypto'

/** STP's bank code and a Mexico City branch: where the CLABEs Conekta gives for SPEI point. */
const STP_BANK = '646'
const BRANCH_CITY = '180'

const WEIGHTS = [3, 7, 1] as const

/**
 * The check digit as the bank computes it (weights 3, 7, 1 over the first 17 digits, each product
 * modulo 10). The simulator stands in for the provider and carries no code of ours: the platform
 * checks what it answers with its own rule (`isValidClabe` of the contracts).
 */
function checkDigit(first17: string): number {
  const sum = [...first17].reduce((total, digit, index) => total + ((Number(digit) * (WEIGHTS[index % 3] ?? 1)) % 10), 0)
  return (10 - (sum % 10)) % 10
}

/** A new CLABE for one SPEI order: STP, 11 random account digits and the check digit. */
export function newClabe(): string {
  const account = Array.from({ length: 11 }, () => String(randomInt(10))).join('')
  const first17 = `${STP_BANK}${BRANCH_CITY}${account}`
  return `${first17}${checkDigit(first17)}`
}
