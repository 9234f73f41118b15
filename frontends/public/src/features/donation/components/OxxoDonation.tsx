import { lazy, Suspense, useState } from 'react'
import type { OxxoResponse, ReceiptRequest } from '@donaciones/contracts'
import { formatMoney, Loading, Modal } from '@donaciones/web-kit'
import type { ChannelProps, WallChoice } from '../lib/channel-props.ts'
import { OxxoVoucher } from './OxxoVoucher.tsx'

// The form (and the validation code it needs) is fetched when the modal opens.
const OxxoForm = lazy(() => import('./OxxoForm.tsx').then((module) => ({ default: module.OxxoForm })))

/**
 * Cash channel: the donor's data, then the voucher to pay at the store. It is not approved until
 * paid, so the page is not told of a donation here.
 */
export function OxxoDonation({ campaign, readAmount, enabled, user, readWall, readReceipt }: ChannelProps) {
  const [amount, setAmount] = useState<number | null>(null)
  const [receipt, setReceipt] = useState<ReceiptRequest | undefined>(undefined)
  const [voucher, setVoucher] = useState<OxxoResponse | null>(null)
  const [wall, setWall] = useState<WallChoice>({ anonymous: true })
  const open = async () => {
    const value = await readAmount()
    if (value === null) return
    const choice = readWall()
    if (choice === null) return
    const requested = await readReceipt()
    if (requested === null) return
    setWall(choice)
    setReceipt(requested)
    setVoucher(null)
    setAmount(value)
  }
  const close = () => {
    setAmount(null)
    setVoucher(null)
  }
  return (
    <>
      <button type="button" className="kit-button donation-channel" disabled={!enabled} onClick={() => void open()}>
        Pagar en efectivo (OXXO)
      </button>
      {amount !== null && (
        <Modal title={voucher ? 'Ficha de pago OXXO' : 'Donar en efectivo'} onClose={close} className="kit-modal--wide">
          {voucher ? (
            <OxxoVoucher voucher={voucher} amount={amount} campaignTitle={campaign.title} />
          ) : (
            <>
              <p className="donation-modal__amount">Monto a donar: <strong>{formatMoney(amount)}</strong></p>
              <Suspense fallback={<Loading />}>
                <OxxoForm campaignId={campaign._id} amount={amount} user={user} wall={wall} receipt={receipt} onVoucher={setVoucher} />
              </Suspense>
            </>
          )}
        </Modal>
      )}
    </>
  )
}
