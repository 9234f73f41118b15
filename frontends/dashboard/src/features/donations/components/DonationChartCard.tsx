import { ErrorPanel, formatDate, formatInteger, formatMoney, Loading, useQuery } from '@donaciones/web-kit'
import { DonationHistoryChart } from '@donaciones/web-kit/chart'
import { fetchDonationGraph, type DashboardChannel } from '../api/donations-api.ts'
import './donations.css'

/**
 * 'Histórico de Donaciones': approved donations per day (GET …/graph) as a line, plus the same
 * points in a visually hidden table for screen readers (and tests).
 */
export function DonationChartCard({ channel }: { channel: DashboardChannel | undefined }) {
  const { state: remote, retry: reload } = useQuery(`/donations/graph/${channel ?? 'all'}`, () => fetchDonationGraph(channel))
  if (remote.status === 'loading') return <Loading label="Cargando datos..." />
  if (remote.status === 'error') return <ErrorPanel title={remote.error.message} text={remote.error.description} onRetry={reload} />
  const points = remote.data
  return (
    <div className="donation-chart">
      <DonationHistoryChart points={points} />
      {points.length > 0 && (
        <table className="kit-visually-hidden">
          <caption>Datos del histórico de donaciones</caption>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Total</th>
              <th scope="col">Donaciones</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <td>{formatDate(point.date)}</td>
                <td>{formatMoney(point.total)}</td>
                <td>{formatInteger(point.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
