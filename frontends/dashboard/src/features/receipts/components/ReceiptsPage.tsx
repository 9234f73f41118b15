import { useState } from 'react'
import type { ReceiptRequestRow, ReceiptStatus } from '@donaciones/contracts'
import { ErrorPanel, formatDate, formatMoney, Loading, notify, useQuery } from '@donaciones/web-kit'
import { Link } from '@donaciones/web-kit/router'
import { usePermissions } from '../../../hooks/use-permissions.ts'
import { changed } from '../../../lib/record-actions.ts'
import { exportPendingReceipts, loadReceipts, RECEIPTS_PATH } from '../api/receipts-api.ts'
import { StampedUploadDialog } from './StampedUploadDialog.tsx'
import './receipts.css'

const tabs: ReadonlyArray<{ status: ReceiptStatus; label: string; empty: string }> = [
  { status: 'pending', label: 'Pendientes', empty: 'No hay solicitudes de recibo pendientes' },
  { status: 'issued', label: 'Emitidos', empty: 'Aún no se ha emitido ningún recibo deducible' },
]

const statusLabels: Readonly<Record<ReceiptStatus, string>> = { pending: 'Pendiente', issued: 'Emitido' }

/**
 * /dashboard/donation/receipts, "Recibos deducibles": the donors' requests with their tax data, the
 * export of the pending ones for the accountant's stamping service, and the upload of each stamped CFDI.
 */
export function ReceiptsPage() {
  const [status, setStatus] = useState<ReceiptStatus>('pending')
  const [uploading, setUploading] = useState<ReceiptRequestRow | null>(null)
  const { update } = usePermissions('donation')
  const { state, data, retry } = useQuery(`${RECEIPTS_PATH}?status=${status}`, (signal) => loadReceipts(status, signal))
  const tab = tabs.find((candidate) => candidate.status === status) ?? tabs[0]!

  const download = async () => {
    if (status === 'pending' && data?.length === 0) {
      notify.warning('Sin registros', 'No hay solicitudes pendientes para descargar')
      return
    }
    try {
      await exportPendingReceipts()
    } catch {
      // The kit's global toast shows the server's message.
    }
  }

  return (
    <div className="receipts-page">
      <p className="receipts-page__crumbs"><Link to="/dashboard/donation/list">Donaciones</Link> / Recibos deducibles</p>
      <div className="receipts-page__header">
        <h1 className="receipts-page__title">Recibos deducibles</h1>
        <button type="button" className="kit-button kit-button--secondary" onClick={() => void download()}>Descargar pendientes</button>
      </div>
      <div className="receipts-tabs" role="tablist" aria-label="Estado de las solicitudes">
        {tabs.map((candidate) => (
          <button
            key={candidate.status}
            type="button"
            role="tab"
            aria-selected={candidate.status === status}
            className="receipts-tabs__tab"
            onClick={() => setStatus(candidate.status)}
          >
            {candidate.label}
          </button>
        ))}
      </div>
      <section role="tabpanel" aria-label={tab.label}>
        {state.status === 'loading' && !data && <Loading label="Cargando solicitudes..." />}
        {state.status === 'error' && <ErrorPanel title="No se pudieron cargar las solicitudes" onRetry={retry} />}
        {data && data.length === 0 && state.status !== 'error' && <p className="receipts-page__empty">{tab.empty}</p>}
        {data && data.length > 0 && state.status !== 'error' && (
          <div className="receipts-table__scroll">
            <table className="receipts-table">
              <thead>
                <tr>
                  <th scope="col">Folio</th>
                  <th scope="col">Fecha</th>
                  <th scope="col">Donador</th>
                  <th scope="col">RFC</th>
                  <th scope="col">Monto</th>
                  <th scope="col">Estado</th>
                  {status === 'pending' && update && <th scope="col"><span className="receipts-table__hidden">Acciones</span></th>}
                </tr>
              </thead>
              <tbody>
                {data.map((row) => (
                  <tr key={row.donationId}>
                    <td>{row.folio}</td>
                    <td>{formatDate(row.approvedAt)}</td>
                    <td>
                      <span className="receipts-table__name">{row.name}</span>
                      <span className="receipts-table__detail">{row.email}</span>
                    </td>
                    <td>{row.rfc}</td>
                    <td>{formatMoney(row.amount)}</td>
                    <td><span className={`receipts-status receipts-status--${row.status}`}>{statusLabels[row.status]}</span></td>
                    {status === 'pending' && update && (
                      <td>
                        <button type="button" className="kit-button" onClick={() => setUploading(row)} aria-label={`Subir recibo del folio ${row.folio}`}>
                          Subir recibo
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {uploading && (
        <StampedUploadDialog
          request={uploading}
          onClose={() => setUploading(null)}
          onIssued={() => {
            setUploading(null)
            changed(RECEIPTS_PATH)
          }}
        />
      )}
    </div>
  )
}
