import { useState, type FormEvent } from 'react'
import { JUSTIFICATION_MAX } from '@donaciones/contracts'
import { Modal } from './Modal.tsx'
import { useDialogStore, type DialogIcon, type DialogRequest } from './dialogs.ts'

const ICONS: Record<DialogIcon, string> = { success: '✓', error: '✕', warning: '!', info: 'i' }

/** Shows the dialogs opened through showAlert, confirmAction, askJustification and showEmptyListDialog, one at a time. */
export function DialogHost() {
  const current = useDialogStore((state) => state.queue[0])
  const close = useDialogStore((state) => state.close)
  if (!current) return null
  return <DialogView key={current.id} request={current} close={close} />
}

function DialogView({ request, close }: { request: DialogRequest; close: () => void }) {
  const finish = <T,>(resolve: (value: T) => void, value: T) => {
    close()
    resolve(value)
  }
  switch (request.kind) {
    case 'alert':
      return (
        <Modal title={request.title} onClose={() => finish(request.resolve, undefined)} className="kit-modal--alert">
          <div className={`kit-alert-icon kit-alert-icon--${request.icon}`} aria-hidden="true">{ICONS[request.icon]}</div>
          {request.text && <p>{request.text}</p>}
          <div className="kit-actions">
            <button type="button" className="kit-button" onClick={() => finish(request.resolve, undefined)}>Aceptar</button>
          </div>
        </Modal>
      )
    case 'confirm':
      return (
        <Modal title={request.title} onClose={() => finish(request.resolve, false)} className="kit-modal--alert">
          {request.text && <p>{request.text}</p>}
          <div className="kit-actions">
            <button type="button" className="kit-button kit-button--secondary" onClick={() => finish(request.resolve, false)}>Cancelar</button>
            <button type="button" className="kit-button" onClick={() => finish(request.resolve, true)}>{request.confirmText}</button>
          </div>
        </Modal>
      )
    case 'justification':
      return <JustificationDialog title={request.title} onDone={(value) => finish(request.resolve, value)} />
    case 'empty-list':
      return (
        <Modal title={request.title} onClose={() => finish(request.resolve, 'back')} className="kit-modal--alert">
          <p>{request.text}</p>
          <div className="kit-actions">
            <button type="button" className="kit-button kit-button--secondary" onClick={() => finish(request.resolve, 'back')}>Regresar</button>
            {request.canAdd && <button type="button" className="kit-button" onClick={() => finish(request.resolve, 'add')}>Agregar registros</button>}
          </div>
        </Modal>
      )
  }
}

function JustificationDialog({ title, onDone }: { title: string; onDone: (value: string | null) => void }) {
  const [text, setText] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onDone(text.trim() ? text.trim() : null)
  }
  return (
    <Modal title={title} onClose={() => onDone(null)} className="kit-modal--alert">
      <form onSubmit={submit}>
        <label className="kit-field">
          <span className="kit-field__label">Escriba el motivo del cambio</span>
          <textarea
            className="kit-input"
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            maxLength={JUSTIFICATION_MAX}
            aria-describedby="kit-justification-count"
            autoFocus
          />
          <span id="kit-justification-count" className="kit-field__hint">
            {text.length}/{JUSTIFICATION_MAX}
          </span>
        </label>
        <div className="kit-actions">
          <button type="button" className="kit-button kit-button--secondary" onClick={() => onDone(null)}>Cancelar</button>
          <button type="submit" className="kit-button">Aceptar</button>
        </div>
      </form>
    </Modal>
  )
}
