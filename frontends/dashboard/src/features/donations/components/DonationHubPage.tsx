import { useId, useState } from 'react'
import { donationTypes, donationTypeLabels } from '@donaciones/contracts'
import { Link } from '@donaciones/web-kit/router'
import type { DashboardChannel, DonationTypeFilter } from '../api/donations-api.ts'
import { channelTitles } from '../lib/donation-display.ts'
import { DonationChartCard } from './DonationChartCard.tsx'
import { DonationSummaryBoxes } from './DonationSummaryBoxes.tsx'
import { DonationTable } from './DonationTable.tsx'
import './donations.css'

const channels: ReadonlyArray<{ channel: DashboardChannel; text: string }> = [
  { channel: 'paypal', text: 'Pagos con la cartera digital de PayPal.' },
  { channel: 'card', text: 'Pagos con tarjeta de crédito o débito (Conekta).' },
  { channel: 'oxxo', text: 'Pagos en efectivo con ficha de OXXO Pay.' },
]

/** Type filter options: 'Todas' first, then each method label. */
const typeOptions: ReadonlyArray<{ value: DonationTypeFilter; label: string }> = [
  { value: 'all', label: 'Todas' },
  ...(['oxxo', 'conekta', 'paypal', 'failed'] as const)
    .filter((type) => donationTypes.includes(type))
    .map((type) => ({ value: type, label: donationTypeLabels[type] })),
]

const isTypeFilter = (value: string): value is DonationTypeFilter => typeOptions.some((option) => option.value === value)

/**
 * /dashboard/donation/list: the three channel lists, the history of approved donations and every
 * donation; the summary boxes sum what the list's type filter and search select.
 */
export function DonationHubPage() {
  const filterId = useId()
  const [type, setType] = useState<DonationTypeFilter>('all')
  const [search, setSearch] = useState('')
  return (
    <div className="donations-page">
      <h1 className="donations-page__title">Donaciones</h1>
      <DonationSummaryBoxes channel={undefined} filters={{ type, search }} />
      <nav aria-label="Listas de donaciones">
        <ul className="donation-channels">
          {channels.map(({ channel, text }) => (
            <li key={channel} className="donation-channel">
              <Link to={`/dashboard/donation/${channel}/list`} className="donation-channel__link">
                {channelTitles[channel]}
              </Link>
              <p className="donation-channel__text">{text}</p>
            </li>
          ))}
          <li className="donation-channel">
            <Link to="/dashboard/donation/monthly/list" className="donation-channel__link">Donadores mensuales</Link>
            <p className="donation-channel__text">Quienes donan cada mes con tarjeta: estado, meses pagados y total.</p>
          </li>
          <li className="donation-channel">
            <Link to="/dashboard/donation/receipts" className="donation-channel__link">Recibos deducibles</Link>
            <p className="donation-channel__text">Solicitudes de recibo deducible: exportar para timbrar y enviar los CFDI a los donadores.</p>
          </li>
        </ul>
      </nav>
      <section className="donation-card" aria-label="Resumen de donaciones">
        <DonationChartCard channel={undefined} />
      </section>
      <div className="donation-filter">
        <label htmlFor={filterId} className="kit-field__label">Tipo de donación</label>
        <select
          id={filterId}
          className="kit-input donation-filter__select"
          value={type}
          onChange={(event) => {
            if (isTypeFilter(event.target.value)) setType(event.target.value)
          }}
        >
          {typeOptions.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </select>
      </div>
      <DonationTable channel={undefined} type={type} title="Todas las donaciones" onSearch={setSearch} />
    </div>
  )
}
