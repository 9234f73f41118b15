import { INVALID_INFORMATION_TEXT, INVALID_INFORMATION_TITLE } from '@donaciones/contracts'
import { ApiError, showAlert } from '@donaciones/web-kit'

const DECLINED_TITLE = 'Pago rechazado'

/** The provider's reason and the server's advice, as sentences, without repeating the title. */
function declineText(error: ApiError): string {
  return [error.message, error.description]
    .map((part) => part.trim().replace(/\.+$/, ''))
    .filter((part) => part && part !== DECLINED_TITLE)
    .map((part) => `${part}.`)
    .join(' ')
}

/**
 * Spec §8: a declined payment (402) shows the server's Spanish reason; any other answer from the
 * server 'Información inválida / Verifique los datos proporcionados'; no answer at all, why.
 */
export function showPaymentFailure(error: unknown): void {
  if (error instanceof ApiError && error.status === 402) {
    void showAlert(DECLINED_TITLE, declineText(error), 'error')
  } else if (error instanceof ApiError && error.status !== 0) {
    void showAlert(INVALID_INFORMATION_TITLE, INVALID_INFORMATION_TEXT, 'error')
  } else {
    void showAlert('No fue posible completar el pago', 'Revise su conexión e intente de nuevo.', 'error')
  }
}

/**
 * A failure of a monthly link's action: a declined card as any declined payment; a link that cannot
 * do it (another action, an earlier notice, already used: 403/404/409) or too many attempts (429)
 * with the server's own words; anything else as a payment failure.
 */
export function showMonthlyLinkFailure(error: unknown): void {
  if (error instanceof ApiError && [403, 404, 409, 429].includes(error.status)) void showAlert(error.message, error.description, 'warning')
  else showPaymentFailure(error)
}
