/** The voucher's instructions, the same on screen and in its PDF. */
export const VOUCHER_STEPS = [
  'Acude a la tienda OXXO más cercana.',
  'Indica en caja que quieres realizar un pago de OXXO Pay.',
  'Dicta al cajero el número de referencia de esta ficha.',
  'Realiza el pago en efectivo por el monto indicado.',
  'Conserva tu comprobante. Tu donación quedará registrada cuando se confirme el pago.',
] as const

export const VOUCHER_FEE_NOTE = 'OXXO cobrará una comisión adicional al momento de realizar el pago.'
