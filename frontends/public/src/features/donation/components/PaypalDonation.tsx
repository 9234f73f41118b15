import { useEffect, useRef, useState } from 'react'
import { NOT_AVAILABLE } from '@donaciones/contracts'
import { notify } from '@donaciones/web-kit'
import { capturePaypalDonation, createPaypalOrder, paypalPayerName } from '../api/donation-api.ts'
import { loadPaypalSdk } from '../api/paypal-sdk.ts'
import type { ChannelProps } from '../lib/channel-props.ts'
import { showPaymentFailure } from '../lib/donation-failure.ts'

class InvalidInput extends Error {}

/** Wallet channel; 'No disponible' when the site has not configured it. */
export function PaypalDonation(props: ChannelProps & { sdkUrl: string; clientId: string | null }) {
  if (!props.clientId) {
    return <p className="donation-unavailable"><span>PayPal:</span> {NOT_AVAILABLE}</p>
  }
  // The provider draws its own button; until the privacy notice is accepted a disabled one stands in.
  if (!props.enabled) {
    return (
      <button type="button" className="kit-button donation-channel donation-channel--paypal" disabled>
        Pagar con PayPal
      </button>
    )
  }
  return <PaypalButtons {...props} clientId={props.clientId} />
}

function PaypalButtons({ campaign, readAmount, user, readWall, readReceipt, onDonated, sdkUrl, clientId }: ChannelProps & { sdkUrl: string; clientId: string }) {
  const container = useRef<HTMLDivElement>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [attempt, setAttempt] = useState(0)
  // The provider keeps the first callbacks it gets: they read the latest props through this ref.
  const latest = useRef({ campaign, readAmount, user, readWall, readReceipt, onDonated })
  latest.current = { campaign, readAmount, user, readWall, readReceipt, onDonated }

  useEffect(() => {
    let cancelled = false
    const target = container.current
    setStatus('loading')
    loadPaypalSdk(sdkUrl, clientId)
      .then((paypal) => {
        if (cancelled || !target) return undefined
        return paypal
          .Buttons({
            createOrder: async () => {
              const { campaign: current, readAmount: read, user: donor, readWall: readChoice, readReceipt: readTaxData } = latest.current
              const amount = await read()
              if (amount === null) throw new InvalidInput()
              const choice = readChoice()
              if (choice === null) throw new InvalidInput()
              const receipt = await readTaxData()
              if (receipt === null) throw new InvalidInput()
              return createPaypalOrder({ campaign: current._id, amount, user: donor, ...choice, ...(receipt ? { receipt } : {}) })
            },
            onApprove: async ({ orderID }) => {
              const { campaign: current, user: donor, onDonated: done } = latest.current
              try {
                const donation = await capturePaypalDonation({ campaign: current._id, orderID, user: donor })
                done(paypalPayerName(donation) || 'donante')
              } catch (error) {
                showPaymentFailure(error)
              }
            },
            onCancel: () => notify.warning('Pago cancelado', 'No se realizó ningún cargo'),
            // An invalid amount, message or receipt field already shows its message under the field.
            onError: (error) => {
              if (!(error instanceof InvalidInput)) showPaymentFailure(error)
            },
          })
          .render(target)
          .then(() => {
            if (!cancelled) setStatus('ready')
          })
      })
      .catch(() => {
        if (!cancelled) setStatus('error')
      })
    return () => {
      cancelled = true
      if (target) target.replaceChildren()
    }
  }, [sdkUrl, clientId, attempt])

  return (
    <div className="donation-paypal">
      {status === 'loading' && <p className="donation-paypal__status" role="status">Cargando PayPal...</p>}
      {status === 'error' && (
        <p className="donation-paypal__status" role="alert">
          No se pudo cargar PayPal.{' '}
          <button type="button" className="kit-button kit-button--secondary" onClick={() => setAttempt((value) => value + 1)}>Reintentar</button>
        </p>
      )}
      <div ref={container} className="donation-paypal__buttons" />
    </div>
  )
}
