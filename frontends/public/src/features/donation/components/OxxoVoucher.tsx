import { useState } from 'react'
import type { OxxoResponse } from '@donaciones/contracts'
import { formatDateTime, formatMoney, notify, usePublicConfig } from '@donaciones/web-kit'
import { VOUCHER_FEE_NOTE, VOUCHER_STEPS } from '../lib/voucher-text.ts'

/**
 * The voucher to pay at the store, and its PDF: text and vector drawing built by jsPDF, fetched
 * (with the barcode encoder) only when the person asks to save it.
 */
export function OxxoVoucher({ voucher, amount, campaignTitle }: { voucher: OxxoResponse; amount: number; campaignTitle: string }) {
  const config = usePublicConfig()
  const [saving, setSaving] = useState(false)
  const method = voucher.charges.data[0]?.payment_method
  const deadline = method?.expires_at !== undefined ? formatDateTime(method.expires_at * 1000) : null

  const download = async () => {
    if (!method) return
    setSaving(true)
    try {
      const { saveVoucherPdf } = await import('../lib/voucher-pdf.ts')
      await saveVoucherPdf({
        charityName: config?.settings.name ?? 'Donaciones',
        logoUrl: config?.settings.logo?.path ?? null,
        campaignTitle,
        amount: `${formatMoney(amount)} MXN`,
        reference: method.reference,
        deadline,
      })
    } catch {
      notify.error('No se pudo generar el PDF', 'Intente de nuevo o tome una captura de la ficha')
    } finally {
      setSaving(false)
    }
  }

  if (!method) return <p role="alert">No se recibió la referencia de pago. Intente de nuevo.</p>
  return (
    <>
      <div className="oxxo-voucher">
        <p className="oxxo-voucher__brand">OXXO Pay</p>
        <p>Donación a <strong>{campaignTitle}</strong></p>
        <dl className="oxxo-voucher__data">
          <dt>Monto a pagar</dt>
          <dd data-testid="monto-ficha">{formatMoney(amount)} MXN</dd>
          <dt>Referencia</dt>
          <dd className="oxxo-voucher__reference" data-testid="referencia">{method.reference}</dd>
          {deadline !== null && (
            <>
              <dt>Fecha límite de pago</dt>
              <dd data-testid="fecha-limite">{deadline}</dd>
            </>
          )}
        </dl>
        <img className="oxxo-voucher__barcode" src={method.barcode_url} alt={`Código de barras de la referencia ${method.reference}`} />
        <h3 className="oxxo-voucher__subtitle">Instrucciones</h3>
        <ol className="oxxo-voucher__steps">
          {VOUCHER_STEPS.map((step) => <li key={step}>{step}</li>)}
        </ol>
        <p className="oxxo-voucher__fee">{VOUCHER_FEE_NOTE}</p>
      </div>
      <div className="kit-actions">
        <button type="button" className="kit-button" onClick={() => void download()} disabled={saving}>{saving ? 'Generando PDF...' : 'Descargar PDF'}</button>
      </div>
    </>
  )
}
