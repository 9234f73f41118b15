import { useId } from 'react'
import { CategoryScale, Chart as ChartJS, Filler, LinearScale, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js'
import { Line } from 'react-chartjs-2'
import { formatDate, formatMoney } from '@donaciones/web-kit'
import './chart.css'

// Only the pieces a line chart with tooltips needs (keeps the bundle small).
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Filler)

export interface DonationHistoryPoint {
  /** ISO date (YYYY-MM-DD or a full timestamp). */
  date: string
  /** Amount donated that day, in MXN. */
  total: number
}

export interface DonationHistoryChartProps {
  points: readonly DonationHistoryPoint[]
  /** Canvas height in pixels. */
  height?: number
  className?: string
}

export const DONATION_HISTORY_TITLE = 'Histórico de Donaciones'
export const NO_DATA = 'Sin datos disponibles'

const options: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: {
    legend: { display: false },
    tooltip: { callbacks: { label: (item) => formatMoney(Number(item.parsed.y)) } },
  },
  scales: {
    y: { beginAtZero: true, ticks: { callback: (value) => formatMoney(Number(value)) } },
  },
}

/** 'Histórico de Donaciones' card: a line of the amounts donated per day (es-MX dates, MXN). */
export function DonationHistoryChart({ points, height = 280, className }: DonationHistoryChartProps) {
  const titleId = useId()
  const labels = points.map((point) => formatDate(point.date))
  const data = {
    labels,
    datasets: [
      {
        label: DONATION_HISTORY_TITLE,
        data: points.map((point) => point.total),
        borderColor: '#0b5394',
        backgroundColor: 'rgba(11, 83, 148, 0.15)',
        fill: true,
        tension: 0.25,
      },
    ],
  }
  const summary = points.map((point, index) => `${labels[index] ?? ''}: ${formatMoney(point.total)}`).join('; ')
  return (
    <section className={`kit-chart-card ${className ?? ''}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="kit-chart-card__title">{DONATION_HISTORY_TITLE}</h2>
      {points.length === 0 ? (
        <p className="kit-chart-card__empty">{NO_DATA}</p>
      ) : (
        <div className="kit-chart-card__canvas" style={{ height }}>
          <Line data={data} options={options} role="img" aria-label={`${DONATION_HISTORY_TITLE}. ${summary}`} />
        </div>
      )}
    </section>
  )
}
