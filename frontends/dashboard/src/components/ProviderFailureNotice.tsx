import type { PaymentProvider, ProviderFailure, ProviderProblemKind } from '@donaciones/contracts'
import { formatDateTime, useQuery } from '@donaciones/web-kit'
import { Link } from '@donaciones/web-kit/router'
import { fetchProviderFailures, PROVIDER_FAILURES_KEY } from '../api/provider-failures.ts'
import './provider-failure-notice.css'

const PROVIDERS: Record<PaymentProvider, { name: string; channels: string | null; section: string }> = {
  conekta: { name: 'Conekta', channels: 'tarjeta y OXXO', section: 'Llaves de Conekta' },
  paypal: { name: 'PayPal', channels: null, section: 'Llaves de PayPal' },
}

function headline(failure: ProviderFailure): string {
  const { name, channels } = PROVIDERS[failure.provider]
  const what: Record<ProviderProblemKind, string> = {
    authentication: `${name} rechaza las llaves guardadas`,
    unreachable: `No hay conexión con ${name}`,
    'provider-error': `${name} responde con errores`,
  }
  return channels ? `${what[failure.kind]} (${channels})` : what[failure.kind]
}

function attempts(count: number): string {
  return count === 1 ? '1 donación no se pudo cobrar' : `${count} donaciones no se pudieron cobrar`
}

/**
 * The payment providers whose calls fail at donation time (keys refused, no answer, 5xx), for the
 * full administrator: since when, how many donations, the provider's reason. Nothing is shown
 * while every provider answers. `where`: the dashboard's home links to Configuración; Configuración
 * names the section to fix.
 */
export function ProviderFailureNotice({ where }: { where: 'home' | 'configuration' }) {
  const { state } = useQuery(PROVIDER_FAILURES_KEY, fetchProviderFailures)
  if (state.status !== 'success' || state.data.items.length === 0) return null
  const { items } = state.data
  return (
    <section className="provider-failures" aria-labelledby={`provider-failures-title-${where}`}>
      <h2 id={`provider-failures-title-${where}`}>Pagos con problemas</h2>
      <p>
        Quien intenta donar por {items.length === 1 ? 'este medio' : 'estos medios'} recibe un aviso de error.{' '}
        {where === 'home' ? (
          <Link to="/dashboard/configuration/edit">Revisar las llaves en Configuración</Link>
        ) : (
          'Revise las llaves en su sección y use «Probar conexión»; el aviso desaparece cuando una llamada vuelve a funcionar.'
        )}
      </p>
      <ul className="provider-failures__list">
        {items.map((failure) => (
          <li key={failure.provider}>
            <strong>{headline(failure)}</strong>
            <span>
              Desde {formatDateTime(failure.since)} · {attempts(failure.donations)} · última falla {formatDateTime(failure.lastAt)}
            </span>
            <span className="provider-failures__reason">Motivo: {failure.reason}</span>
            {where === 'configuration' && <span>Sección: «{PROVIDERS[failure.provider].section}»</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}
