import {
  cashVoucherIssued,
  donationApproved,
  donationExpired,
  donationFailed,
  donationProviderDetailsRecorded,
  donationRequested,
  mexicoCityDayOf,
  type EventEnvelope,
} from '@donaciones/contracts'
import { isEvent } from '@donaciones/kit'
import type { DonationRow } from './donation-queries.ts'

/** A row of the donations table as its events make it, before it is written. */
export interface DonationRecord {
  id: string
  channel: DonationRow['channel']
  type: DonationRow['type']
  status: DonationRow['status']
  approved: boolean
  amount: number
  currency: string
  fee: number
  createdAt: string
  localDate: string
  approvedAt: string | null
  approvedLocalDate: string | null
  createdBy: string | null
  campaignId: string
  donorName: string
  donorEmail: string
  donorPhone: string | null
  errorMessage: string | null
  providerOrderId: string | null
  idempotencyKey: string | null
  conekta: DonationRow['conekta']
  paypal: DonationRow['paypal']
  expiresAt: string | null
  updatedAt: string
  /** The approval's position in the log (decision 88); null until approved. */
  folio: number | null
}

/**
 * What one event does to an existing row: the same as its statement in donations.ts, in memory.
 * A test applies runs both ways and compares the rows (donation-record.test.ts).
 */
function evolve(row: DonationRecord, event: EventEnvelope): DonationRecord {
  if (isEvent(cashVoucherIssued, event)) {
    return { ...row, providerOrderId: event.data.providerOrderId, expiresAt: event.data.expiresAt, updatedAt: event.occurredAt }
  }
  if (isEvent(donationProviderDetailsRecorded, event)) {
    const { data } = event
    return {
      ...row,
      providerOrderId: data.providerOrderId,
      conekta: data.conekta ? { orderId: data.providerOrderId, ...data.conekta } : row.conekta,
      paypal: data.paypal ?? row.paypal,
      updatedAt: event.occurredAt,
    }
  }
  if (isEvent(donationApproved, event)) {
    const { data } = event
    return {
      ...row,
      status: 'approved',
      approved: true,
      type: data.type,
      fee: data.fee,
      approvedAt: data.approvedAt,
      approvedLocalDate: mexicoCityDayOf(data.approvedAt),
      donorName: row.donorName === '' ? data.donor.name : row.donorName,
      donorEmail: row.donorEmail === '' ? data.donor.email : row.donorEmail,
      updatedAt: data.approvedAt,
      folio: event.position,
    }
  }
  if (isEvent(donationFailed, event)) {
    return { ...row, status: 'failed', type: 'failed', approved: false, errorMessage: event.data.error.message, updatedAt: event.data.failedAt }
  }
  if (isEvent(donationExpired, event)) return { ...row, status: 'expired', updatedAt: event.data.expiredAt }
  return row
}

/**
 * The row of a donation whose request is `events[start]`, with the events right after it
 * that belong to the same donation folded in (`folded` counts them all, the request included);
 * undefined when the first event is not a request.
 */
export function newDonationRecord(events: readonly EventEnvelope[], start = 0): { record: DonationRecord; folded: number } | undefined {
  const first = events[start]
  if (!first || !isEvent(donationRequested, first)) return undefined
  const { data } = first
  let record: DonationRecord = {
    id: data.donationId,
    channel: data.type,
    type: data.type,
    status: 'pending',
    approved: false,
    amount: data.amount,
    currency: data.currency,
    fee: 0,
    createdAt: data.requestedAt,
    localDate: mexicoCityDayOf(data.requestedAt),
    approvedAt: null,
    approvedLocalDate: null,
    createdBy: data.userId,
    campaignId: data.campaignId,
    donorName: data.donor.name,
    donorEmail: data.donor.email,
    donorPhone: data.phone ?? null,
    errorMessage: null,
    providerOrderId: data.providerOrderId,
    idempotencyKey: data.idempotencyKey ?? null,
    conekta: null,
    paypal: null,
    expiresAt: null,
    updatedAt: data.requestedAt,
    folio: null,
  }
  let folded = 1
  for (let next = events[start + folded]; next && (next.data as { donationId?: unknown }).donationId === record.id; next = events[start + folded]) {
    record = evolve(record, next)
    folded += 1
  }
  return { record, folded }
}

/** The row as the queries read it back (numbers as text, as `numeric` comes), with the campaign's title and thumbnail. */
export function recordAsRow(record: DonationRecord, campaign: { title: string; thumbnail: string | null } | undefined): DonationRow {
  return {
    id: record.id,
    channel: record.channel,
    type: record.type,
    status: record.status,
    approved: record.approved,
    amount: String(record.amount),
    currency: record.currency,
    fee: String(record.fee),
    created_at: record.createdAt,
    local_date: record.localDate,
    created_by: record.createdBy,
    campaign_id: record.campaignId,
    campaign_title: campaign?.title ?? null,
    campaign_thumbnail: campaign?.thumbnail ?? null,
    donor_name: record.donorName,
    donor_email: record.donorEmail,
    donor_phone: record.donorPhone,
    error_message: record.errorMessage,
    provider_order_id: record.providerOrderId,
    idempotency_key: record.idempotencyKey,
    conekta: record.conekta,
    paypal: record.paypal,
    expires_at: record.expiresAt,
    folio: record.folio,
  }
}
