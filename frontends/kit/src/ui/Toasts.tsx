import { useToastStore, type ToastKind } from './notify.ts'

const ICONS: Record<ToastKind, string> = { success: '✓', warning: '!', error: '✕' }

/**
 * The toasts at the top right. Written here rather than taken from a library: it is a few lines,
 * and every public page loads it (spec §2.2: 3 s, success/warning/error).
 */
export function Toasts() {
  const toasts = useToastStore((state) => state.toasts)
  const dismiss = useToastStore((state) => state.dismiss)
  return (
    <section className="kit-toasts" aria-label="Notificaciones" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`kit-toast kit-toast--${toast.kind}`} role={toast.kind === 'success' ? 'status' : 'alert'}>
          <span className="kit-toast__icon" aria-hidden="true">{ICONS[toast.kind]}</span>
          <div className="kit-toast__text">
            <strong>{toast.message}</strong>
            {toast.description && <span>{toast.description}</span>}
          </div>
          <button type="button" className="kit-toast__close" aria-label="Cerrar notificación" onClick={() => dismiss(toast.id)}>×</button>
        </div>
      ))}
    </section>
  )
}
