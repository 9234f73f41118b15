import { useState } from 'react'
import { Link } from '@donaciones/web-kit/router'
import type { DashboardChannel } from '../api/donations-api.ts'
import { channelTitles } from '../lib/donation-display.ts'
import { DonationChartCard } from './DonationChartCard.tsx'
import { DonationSummaryBoxes } from './DonationSummaryBoxes.tsx'
import { DonationTable } from './DonationTable.tsx'
import './donations.css'

/** /dashboard/donation/{paypal|card|oxxo}/list: summary boxes (of what 'Lista' selects), the channel's history and 'Lista'. */
export function DonationChannelListPage({ channel }: { channel: DashboardChannel }) {
  const [search, setSearch] = useState('')
  return (
    <div className="donations-page">
      <nav aria-label="Ruta de navegación" className="donations-page__crumbs">
        <Link to="/dashboard/donation/list">Donaciones</Link> <span aria-hidden="true">/</span> <span>{channelTitles[channel]}</span>
      </nav>
      <h1 className="donations-page__title">{channelTitles[channel]}</h1>
      <DonationSummaryBoxes channel={channel} filters={{ search }} />
      <section className="donation-card" aria-label="Resumen de donaciones">
        <DonationChartCard channel={channel} />
      </section>
      <DonationTable key={channel} channel={channel} onSearch={setSearch} />
    </div>
  )
}
