/** @donaciones/web-kit/chart: chart cards (chart.js is bundled only by the remotes that use them). */
export { DonationHistoryChart, type DonationHistoryChartProps, type DonationHistoryPoint } from './DonationHistoryChart.tsx'
