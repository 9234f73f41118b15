import { useId, useRef, useState } from 'react'
import { Link } from '@donaciones/web-kit/router'
import {
  DEFAULT_DONATION_AMOUNT,
  DONATION_INPUT_MIN,
  DONOR_MESSAGE_MAX,
  donorMessageProblem,
  formatPesos,
  SUGGESTED_DONATION_AMOUNTS,
  type Campaign,
} from '@donaciones/contracts'
import { formatMoney, Loading, usePublicConfig, useSession } from '@donaciones/web-kit'
import { AcceptedMethods } from './AcceptedMethods.tsx'
import { CardDonation } from './CardDonation.tsx'
import type { ChannelProps, ReadReceipt, WallChoice } from '../lib/channel-props.ts'
import { DeductibleReceiptFields } from './DeductibleReceiptFields.tsx'
import { OxxoDonation } from './OxxoDonation.tsx'
import { PaypalDonation } from './PaypalDonation.tsx'
import './donation.css'

export interface DonationCardProps {
  campaign: Campaign
  onDonated: (donorName: string, details?: { monthly?: boolean }) => void
}

/** Amount (suggested amounts or any other up to the configured maximum), privacy notice, the three payment channels and what is accepted (spec §2.3). */
export function DonationCard({ campaign, onDonated }: DonationCardProps) {
  const config = usePublicConfig()
  const user = useSession((state) => state.user)
  const [accepted, setAccepted] = useState(false)
  const titleId = useId()
  const hintId = useId()
  const amountId = useId()
  const [amountText, setAmountText] = useState(String(DEFAULT_DONATION_AMOUNT))
  const [amountError, setAmountError] = useState<string | null>(null)
  const [anonymous, setAnonymous] = useState(false)
  const [message, setMessage] = useState('')
  const [messageError, setMessageError] = useState<string | null>(null)
  const messageId = useId()
  const [monthly, setMonthly] = useState(false)
  const receiptReader = useRef<ReadReceipt>(async () => undefined)

  // Like the other forms: checked when the field is left, then on every change while it is wrong.
  const maxAmount = config?.donations.maxAmount
  const checkAmount = async (text = amountText): Promise<number | null> => {
    if (maxAmount === undefined) return null
    const amount = text.trim() === '' ? Number.NaN : Number(text)
    const { amountProblem } = await import('../lib/amount-check.ts')
    const problem = amountProblem(amount, maxAmount)
    setAmountError(problem)
    return problem ? null : amount
  }
  const readAmount = async (): Promise<number | null> => {
    const amount = await checkAmount()
    if (amount === null) document.getElementById(amountId)?.focus()
    return amount
  }

  if (!config) return <aside className="donation-card donation-card--loading"><Loading label="Cargando opciones de pago..." /></aside>
  const max = config.donations.maxAmount
  const chooseAmount = (amount: number) => {
    setAmountText(String(amount))
    setAmountError(null)
  }

  // Without a wall the donor was never asked: were it turned on later, they would not appear by name.
  const showsWall = campaign.visibility.donorWall !== false
  // The message rule of the contracts, as the server applies it: checked when the field is left, then on every change while it is wrong.
  const checkMessage = (text = message): string | null => {
    const problem = donorMessageProblem(text.trim())
    setMessageError(problem)
    return problem
  }
  const readWall = (): WallChoice | null => {
    if (!showsWall) return { anonymous: true }
    if (checkMessage()) {
      document.getElementById(messageId)?.focus()
      return null
    }
    return { anonymous, ...(message.trim() ? { message: message.trim() } : {}) }
  }
  // A second donation starts without the first one's message.
  const donated = (donorName: string, details?: { monthly?: boolean }) => {
    setAnonymous(false)
    setMessage('')
    setMessageError(null)
    onDonated(donorName, details)
  }
  const channel: ChannelProps = { campaign, readAmount, enabled: accepted, user: user?._id ?? null, readWall, readReceipt: () => receiptReader.current(), onDonated: donated }
  const conekta = config.providers.conekta ? config.clients.conekta : null
  const paypal = config.providers.paypal ? config.clients.paypal : null

  return (
    <section className="donation-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="donation-card__title">Haz tu donación</h2>
      <form onSubmit={(event) => event.preventDefault()} noValidate>
        {conekta && (
          <fieldset className="donation-frequency">
            <legend className="kit-visually-hidden">Frecuencia de la donación</legend>
            <button type="button" className="donation-frequency__button" aria-pressed={!monthly} onClick={() => setMonthly(false)}>Donar una vez</button>
            <button type="button" className="donation-frequency__button" aria-pressed={monthly} onClick={() => setMonthly(true)}>Donar cada mes</button>
          </fieldset>
        )}
        <fieldset className="donation-amounts">
          <legend className="kit-field__label">Montos sugeridos</legend>
          <div className="donation-amounts__buttons">
            {SUGGESTED_DONATION_AMOUNTS.filter((amount) => amount <= max).map((amount) => (
              <button
                key={amount}
                type="button"
                className="donation-amounts__button"
                aria-pressed={Number(amountText) === amount}
                onClick={() => chooseAmount(amount)}
              >
                {formatMoney(amount).replace(/\.00$/, '')}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="kit-field">
          <label className="kit-field__label" htmlFor={amountId}>Cantidad a donar (MXN)</label>
          <input
            id={amountId}
            className="kit-input"
            type="number"
            min={DONATION_INPUT_MIN}
            max={max}
            step="0.01"
            inputMode="decimal"
            value={amountText}
            aria-invalid={Boolean(amountError)}
            aria-describedby={amountError ? `${amountId}-error ${amountId}-max` : `${amountId}-max`}
            onChange={(event) => {
              setAmountText(event.target.value)
              if (amountError) void checkAmount(event.target.value)
            }}
            onBlur={() => void checkAmount()}
          />
          <p id={`${amountId}-max`} className="donation-card__max">Máximo por donación: {formatPesos(max)}</p>
          {amountError && <div id={`${amountId}-error`} className="kit-field__error" role="alert">{amountError}</div>}
        </div>
        {showsWall && (
          <fieldset className="donation-wall-choice">
            <legend className="kit-field__label">Muro de donadores</legend>
            <div className="donation-card__privacy">
              <input id={`${titleId}-anonimo`} type="checkbox" checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} />
              <label htmlFor={`${titleId}-anonimo`}>Donar de forma anónima</label>
            </div>
            <div className="kit-field">
              <label className="kit-field__label" htmlFor={messageId}>Mensaje para el muro (opcional)</label>
              <textarea
                id={messageId}
                className="kit-input donation-wall-choice__message"
                rows={2}
                maxLength={DONOR_MESSAGE_MAX}
                value={message}
                aria-invalid={Boolean(messageError)}
                aria-describedby={messageError ? `${messageId}-error ${messageId}-count` : `${messageId}-count`}
                onChange={(event) => {
                  setMessage(event.target.value)
                  if (messageError) checkMessage(event.target.value)
                }}
                onBlur={() => checkMessage()}
              />
              <p id={`${messageId}-count`} className="donation-card__max">{message.length}/{DONOR_MESSAGE_MAX} caracteres</p>
              {messageError && <div id={`${messageId}-error`} className="kit-field__error" role="alert">{messageError}</div>}
            </div>
          </fieldset>
        )}
        {config.receipts.deductible && <DeductibleReceiptFields reader={receiptReader} />}
      </form>
      <div className="donation-card__privacy">
        <input id={`${titleId}-aviso`} type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} aria-describedby={accepted ? undefined : hintId} />
        <label htmlFor={`${titleId}-aviso`}>
          He leído y acepto el <Link to="/notice-of-privacy" target="_blank">aviso de privacidad</Link>
        </label>
      </div>
      {!accepted && <p id={hintId} className="donation-card__hint">Acepta el aviso de privacidad para elegir un método de pago.</p>}
      <div className="donation-card__channels">
        {conekta && monthly ? (
          <>
            <p className="donation-card__hint">Las donaciones mensuales se cobran a tu tarjeta cada mes. Puedes cancelarlas cuando quieras desde el enlace de tus correos.</p>
            <CardDonation {...channel} tokenizerUrl={config.scripts.conektaTokenizer} publicKey={conekta} monthly />
          </>
        ) : conekta ? (
          <>
            <CardDonation {...channel} tokenizerUrl={config.scripts.conektaTokenizer} publicKey={conekta} />
            <OxxoDonation {...channel} />
          </>
        ) : (
          <p className="donation-unavailable"><span>Tarjeta y efectivo:</span> No disponible</p>
        )}
        {!(conekta && monthly) && <PaypalDonation {...channel} sdkUrl={config.scripts.paypalSdk} clientId={paypal} />}
      </div>
      <AcceptedMethods cards={Boolean(conekta)} paypal={Boolean(paypal)} />
    </section>
  )
}
