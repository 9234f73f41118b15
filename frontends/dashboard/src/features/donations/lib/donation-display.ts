import { donationTypeLabels, type DonationType } from '@donaciones/contracts'
import type { DashboardChannel, DashboardDonation } from '../api/donations-api.ts'

export const channelTitles: Readonly<Record<DashboardChannel, string>> = {
  paypal: 'Donaciones con PayPal',
  card: 'Donaciones con tarjeta',
  oxxo: 'Donaciones con OXXO Pay',
}

export const typeLabel = (type: DonationType): string => donationTypeLabels[type]

/** The dashboard route of a donation's detail (failed ones keep the channel they were tried on). */
export function viewPathOf(donation: DashboardDonation, fallback: DashboardChannel = 'card'): string {
  let channel: DashboardChannel = fallback
  if (donation.type === 'paypal' || donation.paypal) channel = 'paypal'
  else if (donation.type === 'oxxo' || donation.conekta?.payment_method?.type === 'cash') channel = 'oxxo'
  else if (donation.type === 'conekta') channel = 'card'
  return `/dashboard/donation/${channel}/view/${donation._id}`
}

/** Donor data: the provider's customer info first, then what the service recorded. */
export function donorOf(donation: DashboardDonation): { name: string; email: string; phone: string } {
  const info = donation.conekta?.customer_info
  const payer = donation.paypal?.details.payer
  const payerName = [payer?.name?.given_name, payer?.name?.surname].filter(Boolean).join(' ')
  return {
    name: info?.name || donation.donor?.name || payerName || 'Anónimo',
    email: info?.email || donation.donor?.email || payer?.email_address || '',
    phone: info?.phone || donation.donor?.phone || '',
  }
}

export const statusLabels: Readonly<Record<NonNullable<DashboardDonation['status']>, string>> = {
  pending: 'Pendiente',
  approved: 'Aprobada',
  failed: 'Fallida',
  expired: 'Expirada',
}

export function statusOf(donation: DashboardDonation): string {
  if (donation.status) return statusLabels[donation.status]
  if (donation.type === 'failed') return statusLabels.failed
  return donation.approved ? statusLabels.approved : statusLabels.pending
}
