/**
 * The CLABE (Clave Bancaria Estandarizada) a SPEI transfer is sent to: 18 digits, the bank (3), the
 * branch city (3), the account (11) and a check digit over the first 17, weighted 3, 7, 1 repeated:
 * each product modulo 10, summed, then (10 − sum modulo 10) modulo 10.
 */
export const CLABE_LENGTH = 18

const WEIGHTS = [3, 7, 1] as const

/** The check digit of the first 17 digits of a CLABE. */
export function clabeCheckDigit(first17: string): number {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('Una CLABE sin su dígito verificador tiene 17 dígitos')
  let sum = 0
  for (let index = 0; index < first17.length; index += 1) sum += (Number(first17[index]) * (WEIGHTS[index % 3] ?? 1)) % 10
  return (10 - (sum % 10)) % 10
}

/** 18 digits whose last is the check digit of the others. */
export function isValidClabe(value: string): boolean {
  return /^\d{18}$/.test(value) && clabeCheckDigit(value.slice(0, 17)) === Number(value[17])
}
