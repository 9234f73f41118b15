import { randomInt } from 'node:crypto'
import { clabeCheckDigit } from '@donaciones/contracts'

/** STP's bank code and a Mexico City branch: where the CLABEs Conekta gives for SPEI point. */
const STP_BANK = '646'
const BRANCH_CITY = '180'

/** A new CLABE for one SPEI order: STP, 11 random account digits and the check digit. */
export function newClabe(): string {
  const account = Array.from({ length: 11 }, () => String(randomInt(10))).join('')
  const first17 = `${STP_BANK}${BRANCH_CITY}${account}`
  return `${first17}${clabeCheckDigit(first17)}`
}
