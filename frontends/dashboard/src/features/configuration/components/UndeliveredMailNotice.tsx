import { formatDateTime, useQuery } from '@donaciones/web-kit'
import { fetchUndeliveredMail } from '../api/configuration-api.ts'

function waitLabel(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} segundos`
  const minutes = seconds / 60
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`
}

/**
 * Mail the SMTP server has not accepted for more than 15 minutes (provisional passwords, recovery
 * links, thank-you notes): it stays queued and is retried, and the reason helps fix the settings.
 * Nothing is shown while all mail leaves normally.
 */
export function UndeliveredMailNotice() {
  const { state, retry } = useQuery('/configuration/mail/undelivered', fetchUndeliveredMail)
  if (state.status === 'error') {
    return (
      <p className="config-page__warning" role="status">
        No se pudo revisar la cola de correo.{' '}
        <button type="button" className="config-page__link-button" onClick={retry}>
          Reintentar
        </button>
      </p>
    )
  }
  if (state.status !== 'success' || state.data.items.length === 0) return null
  const { items, afterSeconds } = state.data
  return (
    <section className="config-page__warning config-mail-queue" aria-labelledby="config-mail-queue-title">
      <h2 id="config-mail-queue-title">Correo sin entregar</h2>
      <p>
        {items.length === 1 ? 'Un correo lleva' : `${items.length} correos llevan`} más de {waitLabel(afterSeconds)} en espera. Se reintenta
        el envío automáticamente; revise los datos del servidor de correo en la sección «Correo».
      </p>
      <ul className="config-mail-queue__list">
        {items.map((item) => (
          <li key={item.id}>
            <strong>{item.subject}</strong>
            <span>Para {item.to} · en espera desde {formatDateTime(item.queuedAt)} · {item.attempts} {item.attempts === 1 ? 'intento' : 'intentos'}</span>
            {item.reason && <span className="config-mail-queue__reason">Motivo: {item.reason}</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}
