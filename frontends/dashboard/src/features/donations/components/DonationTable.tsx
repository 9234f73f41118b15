import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react'
import { ErrorPanel, formatDateTime, formatMoney, notify, useQuery } from '@donaciones/web-kit'
import { Link, useNavigate } from '@donaciones/web-kit/router'
import { exportRecords } from '../../../api/records.ts'
import { collectDonationIds, fetchDonationList, type DashboardChannel, type DashboardDonation, type DonationTypeFilter } from '../api/donations-api.ts'
import { donorOf, statusOf, viewPathOf } from '../lib/donation-display.ts'
import { useSearchText } from '../hooks/use-search-text.ts'
import { DonationMethodBadge } from './DonationMethodBadge.tsx'
import { TablePager } from './TablePager.tsx'
import './donations.css'

const COLUMNS = 8

export interface DonationTableProps {
  /** The channel list, or undefined for every donation (the hub). */
  channel: DashboardChannel | undefined
  /** Type filter of the combined list ('all' shows everything). */
  type?: DonationTypeFilter
  /** Heading of the table. */
  title?: string
  /** Told the search text whenever the list is reloaded with another (the page's summary boxes follow it). */
  onSearch?: (search: string) => void
}

/**
 * 'Lista': a server-side paginated donation table. Changing the page or the search text reloads
 * from the server (page and search parameters); a row click or Enter opens the detail.
 */
export function DonationTable({ channel, type = 'all', title = 'Lista', onSearch }: DonationTableProps) {
  const navigate = useNavigate()
  const headingId = useId()
  const searchId = useId()
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())
  const [exporting, setExporting] = useState(false)
  const firstPage = useCallback(() => setPage(1), [])
  const { input, setInput, search, submit } = useSearchText(firstPage)

  // A new type filter starts again on the first page.
  useEffect(() => setPage(1), [type])
  useEffect(() => onSearch?.(search), [onSearch, search])

  const { state: remote, retry: reload } = useQuery(`/donations/list/${JSON.stringify([channel ?? 'all', page, search, type])}`, (signal) =>
    fetchDonationList(channel, { page, search, type }, signal),
  )

  const open = (donation: DashboardDonation) => navigate(viewPathOf(donation, channel))
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, donation: DashboardDonation) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) open(donation)
  }

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const pageIds = remote.status === 'success' ? remote.data.docs.map((doc) => doc._id) : []
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id))
  const toggleAllOnPage = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      for (const id of pageIds) {
        if (on) next.add(id)
        else next.delete(id)
      }
      return next
    })

  // 'Descargar selección' sends the chosen ids; 'Descargar todo' every donation of this list and search.
  const download = async () => {
    setExporting(true)
    try {
      const ids = selected.size > 0 ? [...selected] : await collectDonationIds(channel, { search, type })
      if (ids.length === 0) {
        notify.warning('Sin registros', 'No hay donaciones para descargar')
        return
      }
      await exportRecords('/donations', ids, 'donaciones')
    } catch {
      // The kit's global toast already told what failed.
    } finally {
      setExporting(false)
    }
  }

  const totalPages = remote.status === 'success' ? Math.max(1, Math.ceil(remote.data.totalDocs / remote.data.limit)) : 1
  const body = () => {
    if (remote.status === 'loading') {
      return (
        <tr>
          <td colSpan={COLUMNS} className="donation-table__state" role="status">Cargando datos...</td>
        </tr>
      )
    }
    if (remote.status === 'error') {
      return (
        <tr>
          <td colSpan={COLUMNS}>
            <ErrorPanel title={remote.error.message} text={remote.error.description} onRetry={reload} />
          </td>
        </tr>
      )
    }
    if (remote.data.docs.length === 0) {
      return (
        <tr>
          <td colSpan={COLUMNS} className="donation-table__state">Sin datos disponibles</td>
        </tr>
      )
    }
    return remote.data.docs.map((donation) => {
      const donor = donorOf(donation)
      return (
        <tr
          key={donation._id}
          className="donation-table__row"
          tabIndex={0}
          aria-label={`Donación de ${donor.name} por ${formatMoney(donation.amount)}`}
          onClick={() => open(donation)}
          onKeyDown={(event) => onRowKey(event, donation)}
        >
          <td onClick={(event) => event.stopPropagation()}>
            <input
              type="checkbox"
              className="donation-table__check"
              checked={selected.has(donation._id)}
              onChange={(event) => toggle(donation._id, event.target.checked)}
              aria-label={`Seleccionar donación de ${donor.name}`}
            />
          </td>
          <td>{formatDateTime(donation.createdAt)}</td>
          <td>
            <span className="donation-table__donor">{donor.name}</span>
            {donor.email && <span className="donation-table__email">{donor.email}</span>}
          </td>
          <td>{donation.campaign.title}</td>
          <td className="donation-table__amount">{formatMoney(donation.amount)}</td>
          <td><DonationMethodBadge type={donation.type} /></td>
          <td>{statusOf(donation)}</td>
          <td>
            <Link to={viewPathOf(donation, channel)} onClick={(event) => event.stopPropagation()} aria-label={`Ver donación de ${donor.name}`}>
              Ver
            </Link>
          </td>
        </tr>
      )
    })
  }

  return (
    <section className="donation-card" aria-labelledby={headingId}>
      <div className="donation-table__toolbar">
        <h2 id={headingId} className="donation-card__title">{title}</h2>
        <form role="search" className="donation-table__search" onSubmit={submit}>
          <label htmlFor={searchId} className="kit-visually-hidden">Buscar</label>
          <input
            id={searchId}
            type="search"
            className="kit-input"
            placeholder="Nombre, correo o campaña"
            value={input}
            onChange={(event) => setInput(event.target.value)}
          />
          <button type="submit" className="kit-button kit-button--secondary">Buscar</button>
        </form>
        <button
          type="button"
          className="kit-button"
          disabled={exporting || remote.status !== 'success' || remote.data.totalDocs === 0}
          onClick={() => void download()}
        >
          {selected.size > 0 ? 'Descargar selección' : 'Descargar todo'}
        </button>
      </div>
      <div className="donation-table__scroll">
        <table className="donation-table" aria-labelledby={headingId} aria-busy={remote.status === 'loading'}>
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  className="donation-table__check"
                  checked={allOnPage}
                  disabled={pageIds.length === 0}
                  onChange={(event) => toggleAllOnPage(event.target.checked)}
                  aria-label="Seleccionar todas las donaciones de la página"
                />
              </th>
              <th scope="col">Fecha</th>
              <th scope="col">Donador</th>
              <th scope="col">Campaña</th>
              <th scope="col">Monto</th>
              <th scope="col">Método</th>
              <th scope="col">Estado</th>
              <th scope="col"><span className="kit-visually-hidden">Acciones</span></th>
            </tr>
          </thead>
          <tbody>{body()}</tbody>
        </table>
      </div>
      <TablePager page={page} totalPages={totalPages} total={remote.status === 'success' ? remote.data.totalDocs : undefined} loading={remote.status === 'loading'} onPage={setPage} />
    </section>
  )
}
