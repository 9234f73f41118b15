import { useState } from 'react'
import { Link, useSearchParams } from '@donaciones/web-kit/router'
import type { MonthlyLinkResponse } from '@donaciones/contracts'
import { formatDate, formatMoney, Loading, useQuery } from '@donaciones/web-kit'
import { cancelMonthly, loadMonthlyLink } from '../api/donation-api.ts'
import { showMonthlyLinkFailure } from '../lib/donation-failure.ts'
import { ReplacementCardForm } from './ReplacementCardForm.tsx'
import './donation.css'

const statusTexts: Record<MonthlyLinkResponse['status'], string> = {
  active: 'Activa: se cobra cada mes.',
  suspended: 'Pausada: no pudimos cobrarla con su tarjeta.',
  cancelled: 'Cancelada: ya no haremos cargos.',
}

function cardText(card: MonthlyLinkResponse['card']): string {
  return card.last4 ? `${card.brand ? `${card.brand.toUpperCase()} ` : ''}terminada en ${card.last4}` : 'Sin datos'
}

/** What the link is about: the campaign, the monthly amount, the card and the state. */
function Summary({ monthly }: { monthly: MonthlyLinkResponse }) {
  return (
    <dl className="monthly-link__data">
      {monthly.campaign.title && (<><dt>Campaña</dt><dd>{monthly.campaign.title}</dd></>)}
      <dt>Monto mensual</dt>
      <dd>{formatMoney(monthly.amount)}</dd>
      <dt>Tarjeta</dt>
      <dd>{cardText(monthly.card)}</dd>
      <dt>Estado</dt>
      <dd>{statusTexts[monthly.status]}</dd>
      {monthly.nextChargeAt && monthly.status === 'active' && (<><dt>Próximo cargo</dt><dd>{formatDate(monthly.nextChargeAt)}</dd></>)}
    </dl>
  )
}

/** Why a link can no longer do what it was mailed for. */
function spentText(monthly: MonthlyLinkResponse): string {
  if (monthly.status === 'cancelled') return 'Esta donación mensual ya está cancelada.'
  if (monthly.status === 'suspended') return 'Este enlace es de un aviso anterior. Use el enlace del correo más reciente para registrar otra tarjeta.'
  return 'Este enlace ya se usó: su donación mensual está activa.'
}

/**
 * /donacion-mensual?token=…: the page of the links in monthly e-mails. Opening it changes nothing
 * (mail scanners open links). Each link does what it was signed for: the cancel link cancels in one
 * click; the card link of a suspension takes another card (a declined one leaves it suspended and
 * the form in place) and points to the cancel link for cancelling.
 */
export function MonthlyLinkPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const { state } = useQuery(token ? `monthly-link:${token}` : null, () => loadMonthlyLink(token))
  const [changed, setChanged] = useState<{ monthly: MonthlyLinkResponse; done: 'cancelled' | 'card' } | null>(null)
  const [cancelling, setCancelling] = useState(false)

  const cancel = async () => {
    setCancelling(true)
    try {
      setChanged({ monthly: await cancelMonthly(token), done: 'cancelled' })
    } catch (error) {
      showMonthlyLinkFailure(error)
    } finally {
      setCancelling(false)
    }
  }

  const body = () => {
    if (!token) return <p role="alert">El enlace no es válido o está incompleto. Use el enlace completo de su correo.</p>
    if (state.status === 'loading' || state.status === 'idle') return <Loading label="Cargando su donación mensual..." />
    if (state.status === 'error') {
      return (
        <div role="alert">
          <p><strong>{state.error.message}</strong></p>
          <p>{state.error.description}</p>
        </div>
      )
    }
    const monthly = changed?.monthly ?? state.data
    if (changed?.done === 'cancelled') {
      return (
        <div role="status">
          <p className="monthly-link__done">Cancelamos su donación mensual. No haremos más cargos a su tarjeta.</p>
          <p>Gracias por todo lo que donaste.</p>
        </div>
      )
    }
    if (changed?.done === 'card') {
      return (
        <div role="status">
          <p className="monthly-link__done">Registramos su nueva tarjeta y reanudamos su donación mensual.</p>
          <Summary monthly={monthly} />
        </div>
      )
    }
    return (
      <>
        <Summary monthly={monthly} />
        {!monthly.usable && <p role="status">{spentText(monthly)}</p>}
        {monthly.usable && monthly.action === 'card' && (
          <>
            <section aria-labelledby="monthly-card-title">
              <h2 id="monthly-card-title" className="monthly-link__subtitle">Registrar otra tarjeta</h2>
              <ReplacementCardForm linkToken={token} onDone={(updated) => setChanged({ monthly: updated, done: 'card' })} />
            </section>
            <p className="monthly-link__cancel">Para cancelar su donación mensual, use el enlace de cancelación del mismo correo.</p>
          </>
        )}
        {monthly.usable && monthly.action === 'cancel' && (
          <div className="monthly-link__cancel">
            <p>Si ya no desea donar cada mes, cancélela aquí. No necesita una cuenta.</p>
            <button type="button" className="kit-button kit-button--danger" disabled={cancelling} onClick={() => void cancel()}>
              {cancelling ? 'Cancelando...' : 'Cancelar mi donación mensual'}
            </button>
          </div>
        )}
      </>
    )
  }

  return (
    <main className="monthly-page">
      <section className="monthly-link" aria-labelledby="monthly-link-title">
        <h1 id="monthly-link-title" className="monthly-link__title">Su donación mensual</h1>
        {body()}
        <p className="monthly-link__links"><Link to="/campaigns">Ver campañas</Link></p>
      </section>
    </main>
  )
}
