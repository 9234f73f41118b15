import { Toaster } from 'sonner'
import { TOAST_DURATION_MS } from '@donaciones/contracts'
import { useLoadingStore } from '../api/loading.ts'
import { DialogHost } from './DialogHost.tsx'

/** Mounted once by the shell: toasts, the request spinner and the dialogs every remote opens. */
export function Notifications() {
  const loading = useLoadingStore((state) => state.pending > 0)
  return (
    <>
      <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton containerAriaLabel="Notificaciones" />
      {loading && (
        <div className="kit-spinner-overlay" role="status" aria-live="polite">
          <span className="kit-spinner" aria-hidden="true" />
          <span className="kit-visually-hidden">Cargando...</span>
        </div>
      )}
      <DialogHost />
    </>
  )
}
