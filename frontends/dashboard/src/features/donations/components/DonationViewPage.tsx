import type { ReactNode } from 'react'
import type { PaypalDetails } from '@donaciones/contracts'
import { ErrorPanel, formatDateTime, formatMoney, isMissing, Loading, useQuery } from '@donaciones/web-kit'
import { Link, useParams } from '@donaciones/web-kit/router'
import { fetchDonation, type DashboardChannel, type DashboardDonation } from '../api/donations-api.ts'
import { channelTitles, donorOf, statusOf } from '../lib/donation-display.ts'
import { DonationMethodBadge } from './DonationMethodBadge.tsx'
import './donations.css'

const TITLE = 'Donación - Información del registro'

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="donation-fields__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

const money = (value: { value: string; currency_code: string } | undefined) =>
  value ? `${formatMoney(Number(value.value))} ${value.currency_code}` : 'No disponible'

const dateTime = (value: string | undefined) => (value ? formatDateTime(value) : 'No disponible')

/** The wallet's own record: status, purchase units, captures with the provider fee, payer and payee. */
function PaypalDetail({ details }: { details: PaypalDetails }) {
  const payerName = [details.payer?.name?.given_name, details.payer?.name?.surname].filter(Boolean).join(' ')
  const units = details.purchase_units ?? []
  const payeeEmail = units.map((unit) => unit.payee?.email_address).find(Boolean)
  return (
    <section className="donation-card" aria-labelledby="paypal-detail-title">
      <h2 id="paypal-detail-title" className="donation-card__title">Detalle de PayPal</h2>
      <dl className="donation-fields">
        <Item label="Estado">{details.status ?? 'No disponible'}</Item>
        <Item label="Última actualización">{dateTime(details.update_time)}</Item>
        <Item label="Pagador">{payerName || 'No disponible'}</Item>
        <Item label="Correo del pagador">{details.payer?.email_address ?? 'No disponible'}</Item>
        <Item label="Correo del beneficiario">{payeeEmail ?? 'No disponible'}</Item>
      </dl>
      {units.map((unit, index) => (
        <section key={index} className="donation-unit" aria-label={`Unidad de compra ${index + 1}`}>
          <h3>Unidad de compra {index + 1}</h3>
          <dl className="donation-fields">
            <Item label="Monto">{unit.amount?.value ?? 'No disponible'}</Item>
            <Item label="Moneda">{unit.amount?.currency_code ?? 'No disponible'}</Item>
            {unit.shipping?.name?.full_name && <Item label="Nombre de envío">{unit.shipping.name.full_name}</Item>}
            {unit.payee?.email_address && <Item label="Beneficiario">{unit.payee.email_address}</Item>}
          </dl>
          {(unit.payments?.captures ?? []).length > 0 && (
            // Six columns: on a phone the table scrolls in its own box, not the page.
            <div className="donation-table__scroll" role="region" aria-label={`Cobros de la unidad ${index + 1}`} tabIndex={0}>
              <table className="donation-table donation-table--compact">
                <caption>Cobros</caption>
                <thead>
                  <tr>
                    <th scope="col">Cobro</th>
                    <th scope="col">Estado</th>
                    <th scope="col">Monto</th>
                    <th scope="col">Comisión de PayPal</th>
                    <th scope="col">Neto</th>
                    <th scope="col">Actualización</th>
                  </tr>
                </thead>
                <tbody>
                  {(unit.payments?.captures ?? []).map((capture, captureIndex) => (
                    <tr key={capture.id ?? captureIndex}>
                      <td>{capture.id ?? 'No disponible'}</td>
                      <td>{capture.status ?? 'No disponible'}</td>
                      <td>{money(capture.amount)}</td>
                      <td>{money(capture.seller_receivable_breakdown?.paypal_fee)}</td>
                      <td>{money(capture.seller_receivable_breakdown?.net_amount)}</td>
                      <td>{dateTime(capture.update_time)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </section>
  )
}

function Detail({ donation }: { donation: DashboardDonation }) {
  const donor = donorOf(donation)
  return (
    <>
      <section className="donation-card" aria-labelledby="donation-record-title">
        <h2 id="donation-record-title" className="donation-card__title">Información de la donación</h2>
        <dl className="donation-fields">
          <Item label="Nombre">{donor.name}</Item>
          <Item label="Correo electrónico">{donor.email || 'No disponible'}</Item>
          <Item label="Teléfono">{donor.phone || 'No disponible'}</Item>
          <Item label="Monto">{`${formatMoney(donation.amount)} ${donation.currency}`}</Item>
          {donation.fee > 0 && <Item label="Comisión">{`${formatMoney(donation.fee)} ${donation.currency}`}</Item>}
          <Item label="Campaña">{donation.campaign.title || 'No disponible'}</Item>
          <Item label="Fecha">{formatDateTime(donation.createdAt)}</Item>
          <Item label="Método"><DonationMethodBadge type={donation.type} /></Item>
          <Item label="Estado">{statusOf(donation)}</Item>
          <Item label="Tipo de donador">{donation.createdBy ? 'Usuario registrado' : 'Anónimo'}</Item>
        </dl>
        {donation.type === 'failed' && (
          <div className="donation-problem" role="note" aria-labelledby="donation-problem-title">
            <h3 id="donation-problem-title">Problema</h3>
            <p>{donation.error?.message ?? 'Sin detalle del error'}</p>
          </div>
        )}
      </section>
      {donation.paypal && <PaypalDetail details={donation.paypal.details} />}
    </>
  )
}

/** /dashboard/donation/{channel}/view/:id: 'Donación - Información del registro'. */
export function DonationViewPage({ channel }: { channel: DashboardChannel }) {
  const { id = '' } = useParams()
  const { state: remote, retry: reload } = useQuery(`/donations/${channel}/${id}`, () => fetchDonation(channel, id))
  const back = `/dashboard/donation/${channel}/list`
  return (
    <div className="donations-page">
      <nav aria-label="Ruta de navegación" className="donations-page__crumbs">
        <Link to="/dashboard/donation/list">Donaciones</Link> <span aria-hidden="true">/</span>{' '}
        <Link to={back}>{channelTitles[channel]}</Link>
      </nav>
      <h1 className="donations-page__title">{TITLE}</h1>
      {remote.status === 'loading' && <Loading label="Cargando datos..." />}
      {remote.status === 'error' &&
        (isMissing(remote.error) ? (
          <section className="kit-error-panel" role="alert">
            <h2>Donación no encontrada</h2>
            <p>La donación que busca no existe o no pertenece a esta lista.</p>
            <Link className="kit-button" to={back}>Volver a la lista</Link>
          </section>
        ) : (
          <ErrorPanel title={remote.error.message} text={remote.error.description} onRetry={reload} />
        ))}
      {remote.status === 'success' && <Detail donation={remote.data} />}
      {remote.status === 'success' && (
        <div className="kit-actions">
          <Link className="kit-button kit-button--secondary" to={back}>Volver a la lista</Link>
        </div>
      )}
    </div>
  )
}
