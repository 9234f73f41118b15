import { handleCommandIn, notFound, retryingTransaction, validationError } from '@donaciones/kit'
import type { DonationCommandContext } from './donation-commands.ts'
import { findReceipt, type ListedReceipt } from '../projections/receipt-requests.ts'
import { checkStampedCfdi } from '../receipts/stamped-cfdi.ts'
import { saveReceiptFiles } from '../receipts/receipt-files.ts'
import { RECEIPT_ISSUED_MAIL } from '../receipts/receipt-mail.ts'
import { alreadyIssued, receiptDecider, receiptStream } from './receipt-decider.ts'

const requestNotFound = () => notFound('Solicitud no encontrada', 'La donación no tiene una solicitud de recibo deducible aprobada')

/**
 * An administrator uploads the deductible receipt the accountant stamped: checked against the
 * request (RFC) and the donation (total), then, in one transaction, the issue event on the
 * receipt's stream, both files in the service's private table and the mail that sends them to the
 * donor. A second upload is refused (409), whichever arrives first.
 */
export async function issueReceipt(command: DonationCommandContext, donationId: string, files: { xml: Buffer; pdf: Buffer }): Promise<ListedReceipt> {
  const { store } = command
  const found = await findReceipt(store.db, store.schema, donationId)
  if (!found) throw requestNotFound()
  const { receipt: request, folio } = found
  if (request.status === 'issued') throw alreadyIssued()
  const checked = checkStampedCfdi(files.xml, files.pdf, { rfc: request.rfc, amount: request.amount })
  if ('errors' in checked) throw validationError(checked.errors)
  const issuedAt = new Date().toISOString()
  await retryingTransaction(store, async (tx) => {
    await handleCommandIn(store, tx, receiptStream(donationId), receiptDecider, {
      donationId,
      folio,
      ...(checked.cfdi.uuid ? { uuid: checked.cfdi.uuid } : {}),
      total: checked.cfdi.total,
      issuedAt,
    }, { metadata: { actor: command.actor, correlationId: command.correlationId } })
    await saveReceiptFiles(tx, store.schema, donationId, files)
    await command.mail.enqueue(tx, { kind: RECEIPT_ISSUED_MAIL, payload: { donationId } })
  })
  command.mail.kick()
  const issued = await findReceipt(store.db, store.schema, donationId)
  if (!issued) throw new Error(`Recibo ${donationId} sin registro`)
  return issued.receipt
}
