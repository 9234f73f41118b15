import { useId, useState, type FormEvent } from 'react'
import { REQUIRED, type ReceiptRequestRow } from '@donaciones/contracts'
import { ApiError, formatMoney, Modal, notify } from '@donaciones/web-kit'
import { uploadStampedReceipt } from '../api/receipts-api.ts'

interface StampedUploadDialogProps {
  request: ReceiptRequestRow
  onClose: () => void
  onIssued: (issued: ReceiptRequestRow) => void
}

type Errors = Partial<Record<'xml' | 'pdf' | 'form', string>>

/** The accountant's stamped XML and PDF of one request; the server checks them and mails them to the donor. */
export function StampedUploadDialog({ request, onClose, onIssued }: StampedUploadDialogProps) {
  const xmlId = useId()
  const pdfId = useId()
  const [xml, setXml] = useState<File | null>(null)
  const [pdf, setPdf] = useState<File | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [sending, setSending] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!xml || !pdf) {
      setErrors({ ...(xml ? {} : { xml: REQUIRED }), ...(pdf ? {} : { pdf: REQUIRED }) })
      return
    }
    setSending(true)
    setErrors({})
    try {
      const issued = await uploadStampedReceipt(request.donationId, { xml, pdf })
      notify.success('Recibo emitido', `Se envió el recibo del folio ${issued.folio} a ${issued.email}`)
      onIssued(issued)
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldErrors: Errors = {}
        for (const field of error.errors ?? []) if (field.path === 'xml' || field.path === 'pdf') fieldErrors[field.path] ??= field.message
        setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { form: error.description || error.message })
      } else {
        setErrors({ form: 'No se pudo subir el recibo. Intente de nuevo.' })
      }
    } finally {
      setSending(false)
    }
  }

  const describedBy = (id: string, error: string | undefined) => (error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})
  return (
    <Modal title="Subir recibo timbrado" onClose={onClose}>
      <p className="receipts-dialog__facts">
        Folio <strong>{request.folio}</strong> · {request.name} · RFC {request.rfc} · {formatMoney(request.amount)}
      </p>
      <form className="receipts-dialog__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="kit-field">
          <label className="kit-field__label" htmlFor={xmlId}>XML del CFDI timbrado</label>
          <input id={xmlId} type="file" accept=".xml,application/xml,text/xml" className="kit-input" onChange={(event) => setXml(event.target.files?.[0] ?? null)} {...describedBy(xmlId, errors.xml)} />
          {errors.xml && <div id={`${xmlId}-error`} className="kit-field__error" role="alert">{errors.xml}</div>}
        </div>
        <div className="kit-field">
          <label className="kit-field__label" htmlFor={pdfId}>PDF del recibo</label>
          <input id={pdfId} type="file" accept=".pdf,application/pdf" className="kit-input" onChange={(event) => setPdf(event.target.files?.[0] ?? null)} {...describedBy(pdfId, errors.pdf)} />
          {errors.pdf && <div id={`${pdfId}-error`} className="kit-field__error" role="alert">{errors.pdf}</div>}
        </div>
        {errors.form && <p className="kit-field__error" role="alert">{errors.form}</p>}
        <p className="receipts-dialog__hint">Se revisa que el RFC del receptor y el total coincidan; después se envían ambos archivos a {request.email}.</p>
        <div className="kit-actions">
          <button type="button" className="kit-button kit-button--secondary" onClick={onClose}>Cancelar</button>
          <button type="submit" className="kit-button" disabled={sending}>{sending ? 'Enviando...' : 'Subir y enviar'}</button>
        </div>
      </form>
    </Modal>
  )
}
