import { ErrorPanel, formatInteger, formatMoney, useQuery } from '@donaciones/web-kit'
import { fetchDonationSummary, type DashboardChannel } from '../api/donations-api.ts'
import './donations.css'

/** 'Total' and 'Numero de donadores' of the approved donations of a channel (counters/info). */
export function DonationSummaryBoxes({ channel }: { channel: DashboardChannel | undefined }) {
  const { state: remote, retry: reload } = useQuery(`/donations/summary/${channel ?? 'all'}`, () => fetchDonationSummary(channel))
  if (remote.status === 'error') return <ErrorPanel title={remote.error.message} text={remote.error.description} onRetry={reload} />
  const ready = remote.status === 'success'
  return (
    <ul className="donation-boxes" aria-label="Resumen de donaciones aprobadas" aria-busy={!ready}>
      <li className="donation-box">
        <span className="donation-box__label" id={`total-${channel ?? 'all'}`}>Total</span>
        <span className="donation-box__value" aria-labelledby={`total-${channel ?? 'all'}`} data-testid="donation-total">
          {ready ? formatMoney(remote.data.total) : 'Cargando datos...'}
        </span>
      </li>
      <li className="donation-box">
        <span className="donation-box__label" id={`donors-${channel ?? 'all'}`}>Numero de donadores</span>
        <span className="donation-box__value" aria-labelledby={`donors-${channel ?? 'all'}`} data-testid="donation-donors">
          {ready ? formatInteger(remote.data.donors) : 'Cargando datos...'}
        </span>
      </li>
    </ul>
  )
}
