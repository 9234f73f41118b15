import { useEffect, useId, useRef, type ReactNode } from 'react'

export interface ModalProps {
  title: string
  onClose: () => void
  children: ReactNode
  /** Extra class for sizing (e.g. 'kit-modal--wide'). */
  className?: string
  /** Shown hidden for screen readers only when the title is drawn inside the body. */
  hideTitle?: boolean
}

/**
 * A native modal <dialog>: focus moves into it and stays there, Escape closes it, and focus
 * returns to the control that opened it when it closes.
 */
export function Modal({ title, onClose, children, className, hideTitle }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const closeRef = useRef(onClose)
  closeRef.current = onClose
  useEffect(() => {
    const dialog = ref.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) dialog.showModal()
    const onCancel = (event: Event) => {
      event.preventDefault()
      closeRef.current()
    }
    dialog?.addEventListener('cancel', onCancel)
    return () => {
      dialog?.removeEventListener('cancel', onCancel)
      if (dialog?.open) dialog.close()
      opener?.focus()
    }
  }, [])
  return (
    <dialog ref={ref} className={`kit-modal ${className ?? ''}`} aria-labelledby={titleId}>
      <div className="kit-modal__header">
        <h2 id={titleId} className={hideTitle ? 'kit-visually-hidden' : 'kit-modal__title'}>{title}</h2>
        <button type="button" className="kit-modal__close" aria-label="Cerrar" onClick={() => closeRef.current()}>×</button>
      </div>
      <div className="kit-modal__body">{children}</div>
    </dialog>
  )
}
