import { useRef, useState } from 'react'
import type { OxxoResponse } from '@donaciones/contracts'
import { formatDateTime, formatMoney, notify } from '@donaciones/web-kit'
import { saveVoucherPdf } from '../api/voucher-pdf.ts'

/** The voucher to pay at the store, and its PDF. */
export function OxxoVoucher({ voucher, amount, campaignTitle }: { voucher: OxxoResponse; amount: number; campaignTitle: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const [saving, setSaving] = useState(false)
  const method = voucher.charges.data[0]?.payment_method

  const download = async () => {
    if (!ref.current) return
    setSaving(true)
    try {
      await saveVoucherPdf(ref.current)
    } catch {
      notify.error('No se pudo generar el PDF', 'Intente de nuevo o tome una captura de la ficha')
    } finally {
      setSaving(false)
    }
  }

  if (!method) return <p role="alert">No se recibió la referencia de pago. Intente de nuevo.</p>
  return (
    <>
      <div ref={ref} className="oxxo-voucher">
        <p className="oxxo-voucher__brand">OXXO Pay</p>
        <p>Donación a <strong>{campaignTitle}</strong></p>
        <dl className="oxxo-voucher__data">
          <dt>Monto a pagar</dt>
          <dd data-testid="monto-ficha">{formatMoney(amount)} MXN</dd>
          <dt>Referencia</dt>
          <dd className="oxxo-voucher__reference" data-testid="referencia">{method.reference}</dd>
          {method.expires_at !== undefined && (
            <>
              <dt>Fecha límite de pago</dt>
              <dd>{formatDateTime(method.expires_at * 1000)}</dd>
            </>
          )}
        </dl>
        <img className="oxxo-voucher__barcode" src={method.barcode_url} alt={`Código de barras de la referencia ${method.reference}`} />
        <h3 className="oxxo-voucher__subtitle">Instrucciones</h3>
        <ol className="oxxo-voucher__steps">
          <li>Acude a la tienda OXXO más cercana.</li>
          <li>Indica en caja que quieres realizar un pago de OXXO Pay.</li>
          <li>Dicta al cajero el número de referencia de esta ficha.</li>
          <li>Realiza el pago en efectivo por el monto indicado.</li>
          <li>Conserva tu comprobante. Tu donación quedará registrada cuando se confirme el pago.</li>
        </ol>
        <p className="oxxo-voucher__fee">OXXO cobrará una comisión adicional al momento de realizar el pago.</p>
      </div>
      <div className="kit-actions">
        <button type="button" className="kit-button" onClick={() => void download()} disabled={saving}>{saving ? 'Generando PDF...' : 'Descargar PDF'}</button>
      </div>
    </>
  )
}
