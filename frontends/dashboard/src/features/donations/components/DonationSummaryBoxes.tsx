import { donationTypeLabels } from '@donaciones/contracts'
import { ErrorPanel, formatInteger, formatMoney, useQuery } from '@donaciones/web-kit'
import { fetchDonationSummary, type DashboardChannel, type ListFilters } from '../api/donations-api.ts'
import './donations.css'

/** Which donations the boxes count, in words: the approved ones of the list's type and search. */
function scopeText({ type = 'all', search }: ListFilters): string {
  if (type === 'failed') return 'Las donaciones fallidas no se cobraron: no suman al total.'
  const kind = type === 'all' ? 'Donaciones aprobadas' : `Donaciones aprobadas de ${donationTypeLabels[type]}`
  const text = search.trim()
  return text ? `${kind} que coinciden con «${text}».` : `${kind}.`
}

/**
 * 'Total' and 'Numero de donadores' of the approved donations among those the list shows: the
 * server sums them with the list's filters (type and search), so the boxes change with the list.
 */
export function DonationSummaryBoxes({ channel, filters }: { channel: DashboardChannel | undefined; filters: ListFilters }) {
  const type = filters.type ?? 'all'
  const search = filters.search.trim()
  const { state: remote, retry: reload } = useQuery(`/donations/summary/${JSON.stringify([channel ?? 'all', type, search])}`, (signal) =>
    fetchDonationSummary(channel, { type, search }, signal),
  )
  if (remote.status === 'error') return <ErrorPanel title={remote.error.message} text={remote.error.description} onRetry={reload} />
  const ready = remote.status === 'success'
  const id = channel ?? 'all'
  return (
    <div className="donation-summary">
      <ul className="donation-boxes" aria-label="Resumen de donaciones aprobadas" aria-describedby={`scope-${id}`} aria-busy={!ready}>
        <li className="donation-box">
          <span className="donation-box__label" id={`total-${id}`}>Total</span>
          <span className="donation-box__value" aria-labelledby={`total-${id}`} data-testid="donation-total">
            {ready ? formatMoney(remote.data.total) : 'Cargando datos...'}
          </span>
        </li>
        <li className="donation-box">
          <span className="donation-box__label" id={`donors-${id}`}>Numero de donadores</span>
          <span className="donation-box__value" aria-labelledby={`donors-${id}`} data-testid="donation-donors">
            {ready ? formatInteger(remote.data.donors) : 'Cargando datos...'}
          </span>
        </li>
      </ul>
      <p className="donation-summary__scope" id={`scope-${id}`} aria-live="polite">{scopeText({ type, search })}</p>
    </div>
  )
}
