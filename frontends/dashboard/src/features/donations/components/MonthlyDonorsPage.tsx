import { useCallback, useId, useState } from 'react'
import type { MonthlyDonor } from '@donaciones/contracts'
import { ErrorPanel, formatDate, formatInteger, formatMoney, useQuery } from '@donaciones/web-kit'
import { Link } from '@donaciones/web-kit/router'
import { useSearchText } from '../hooks/use-search-text.ts'
import { exportMonthlyDonors, fetchMonthlyDonors, type MonthlyStatusFilter } from '../api/monthly-donors-api.ts'
import { TablePager } from './TablePager.tsx'
import './donations.css'

const COLUMNS = 7

const statusLabels: Record<MonthlyDonor['status'], string> = { active: 'Activa', suspended: 'Suspendida', cancelled: 'Cancelada' }
const statusOptions: ReadonlyArray<{ value: MonthlyStatusFilter; label: string }> = [
  { value: 'all', label: 'Todas' },
  { value: 'active', label: 'Activas' },
  { value: 'suspended', label: 'Suspendidas' },
  { value: 'cancelled', label: 'Canceladas' },
]
const isStatusFilter = (value: string): value is MonthlyStatusFilter => statusOptions.some((option) => option.value === value)

function cardText(card: MonthlyDonor['card']): string {
  return card.last4 ? `${card.brand ? `${card.brand.toUpperCase()} ` : ''}•••• ${card.last4}` : ''
}

/** /dashboard/donation/monthly/list: who gives each month, how much, since when, and what they have given. */
export function MonthlyDonorsPage() {
  const headingId = useId()
  const searchId = useId()
  const filterId = useId()
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<MonthlyStatusFilter>('all')
  const [exporting, setExporting] = useState(false)
  const firstPage = useCallback(() => setPage(1), [])
  const { input, setInput, search, submit } = useSearchText(firstPage)

  const { state: remote, retry: reload } = useQuery(`/donations/monthly/${JSON.stringify([page, search, status])}`, (signal) => fetchMonthlyDonors({ page, search, status }, signal))

  const download = async () => {
    setExporting(true)
    try {
      await exportMonthlyDonors({ search, status })
    } catch {
      // The kit's global toast already told what failed.
    } finally {
      setExporting(false)
    }
  }

  const ready = remote.status === 'success'
  const totalPages = ready ? Math.max(1, remote.data.pages) : 1
  const rows = () => {
    if (remote.status === 'loading') return <tr><td colSpan={COLUMNS} className="donation-table__state" role="status">Cargando datos...</td></tr>
    if (remote.status === 'error') {
      return <tr><td colSpan={COLUMNS}><ErrorPanel title={remote.error.message} text={remote.error.description} onRetry={reload} /></td></tr>
    }
    if (remote.data.docs.length === 0) {
      return <tr><td colSpan={COLUMNS} className="donation-table__state">{search || status !== 'all' ? 'Ninguna donación mensual coincide con la búsqueda' : 'Aún no hay donaciones mensuales'}</td></tr>
    }
    return remote.data.docs.map((donor) => (
      <tr key={donor._id}>
        <td>
          <span className="donation-table__donor">{donor.name}</span>
          <span className="donation-table__email">{donor.email}</span>
          {donor.card.last4 && <span className="donation-table__email">{cardText(donor.card)}</span>}
        </td>
        <td>{donor.campaign.title}</td>
        <td className="donation-table__amount">{formatMoney(donor.amount)}</td>
        <td>
          <span className="donation-table__email">Desde {formatDate(donor.startedAt)}</span>
          {donor.nextChargeAt && <span className="donation-table__email">Próximo cargo: {formatDate(donor.nextChargeAt)}</span>}
        </td>
        <td>{formatInteger(donor.monthsPaid)}</td>
        <td className="donation-table__amount">{formatMoney(donor.total)}</td>
        <td>
          <span className={`monthly-status monthly-status--${donor.status}`}>{statusLabels[donor.status]}</span>
          {donor.status === 'suspended' && donor.suspendedReason && <span className="donation-table__email">{donor.suspendedReason}</span>}
          {donor.status === 'cancelled' && donor.cancelledAt && <span className="donation-table__email">El {formatDate(donor.cancelledAt)}</span>}
        </td>
      </tr>
    ))
  }

  return (
    <div className="donations-page">
      <p className="donations-page__crumbs"><Link to="/dashboard/donation/list">Donaciones</Link> / Donadores mensuales</p>
      <h1 className="donations-page__title">Donadores mensuales</h1>
      <ul className="donation-boxes" aria-label="Resumen de donaciones mensuales" aria-busy={!ready}>
        <li className="donation-box">
          <span className="donation-box__label" id={`${headingId}-activos`}>Donadores mensuales activos</span>
          <span className="donation-box__value" aria-labelledby={`${headingId}-activos`}>{ready ? formatInteger(remote.data.summary.active) : 'Cargando datos...'}</span>
        </li>
        <li className="donation-box">
          <span className="donation-box__label" id={`${headingId}-monto`}>Monto mensual recurrente</span>
          <span className="donation-box__value" aria-labelledby={`${headingId}-monto`}>{ready ? formatMoney(remote.data.summary.monthlyAmount) : 'Cargando datos...'}</span>
        </li>
      </ul>
      <section className="donation-card" aria-labelledby={headingId}>
        <div className="donation-table__toolbar">
          <h2 id={headingId} className="donation-card__title">Suscripciones</h2>
          <div className="donation-filter">
            <label htmlFor={filterId} className="kit-field__label">Estado</label>
            <select
              id={filterId}
              className="kit-input donation-filter__select"
              value={status}
              onChange={(event) => {
                if (!isStatusFilter(event.target.value)) return
                setStatus(event.target.value)
                setPage(1)
              }}
            >
              {statusOptions.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
            </select>
          </div>
          <form role="search" className="donation-table__search" onSubmit={submit}>
            <label htmlFor={searchId} className="kit-visually-hidden">Buscar</label>
            <input id={searchId} type="search" className="kit-input" placeholder="Nombre, correo o campaña" value={input} onChange={(event) => setInput(event.target.value)} />
            <button type="submit" className="kit-button kit-button--secondary">Buscar</button>
          </form>
          <button type="button" className="kit-button" disabled={exporting || !ready || remote.data.total === 0} onClick={() => void download()}>
            Descargar
          </button>
        </div>
        <div className="donation-table__scroll">
          <table className="donation-table" aria-labelledby={headingId} aria-busy={remote.status === 'loading'}>
            <thead>
              <tr>
                <th scope="col">Donador</th>
                <th scope="col">Campaña</th>
                <th scope="col">Monto mensual</th>
                <th scope="col">Fechas</th>
                <th scope="col">Meses pagados</th>
                <th scope="col">Total donado</th>
                <th scope="col">Estado</th>
              </tr>
            </thead>
            <tbody>{rows()}</tbody>
          </table>
        </div>
        <TablePager page={page} totalPages={totalPages} total={ready ? remote.data.total : undefined} loading={remote.status === 'loading'} onPage={setPage} />
      </section>
    </div>
  )
}
