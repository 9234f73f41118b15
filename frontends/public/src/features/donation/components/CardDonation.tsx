import { lazy, Suspense, useState } from 'react'
import type { ReceiptRequest } from '@donaciones/contracts'
import { formatMoney, Loading, Modal } from '@donaciones/web-kit'
import type { ChannelProps, WallChoice } from '../lib/channel-props.ts'

// The form (and the validation code it needs) is fetched when the modal opens.
const CardForm = lazy(() => import('./CardForm.tsx').then((module) => ({ default: module.CardForm })))

/** Card channel: a button that opens the card form in a modal; `monthly` charges the card every month. */
export function CardDonation({ campaign, readAmount, enabled, user, readWall, readReceipt, onDonated, tokenizerUrl, publicKey, monthly = false }: ChannelProps & { tokenizerUrl: string; publicKey: string; monthly?: boolean }) {
  const [amount, setAmount] = useState<number | null>(null)
  const [receipt, setReceipt] = useState<ReceiptRequest | undefined>(undefined)
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
    setAmount(value)
  }
  return (
    <>
      <button type="button" className="kit-button donation-channel" disabled={!enabled} onClick={() => void open()}>
        {monthly ? 'Donar cada mes con tarjeta' : 'Pagar con tarjeta'}
      </button>
      {amount !== null && (
        <Modal title={monthly ? 'Donar cada mes con tarjeta' : 'Donar con tarjeta'} onClose={() => setAmount(null)} className="kit-modal--wide">
          <p className="donation-modal__amount">{monthly ? 'Monto mensual' : 'Monto a donar'}: <strong>{formatMoney(amount)}</strong></p>
          <Suspense fallback={<Loading />}>
            <CardForm
              campaignId={campaign._id}
              amount={amount}
              user={user}
              wall={wall}
              receipt={receipt}
              tokenizerUrl={tokenizerUrl}
              publicKey={publicKey}
              monthly={monthly}
              onDone={(name) => {
                setAmount(null)
                onDonated(name, { monthly })
              }}
            />
          </Suspense>
        </Modal>
      )}
    </>
  )
}
