import { useLoadingStore } from '../api/loading.ts'
import { DialogHost } from './DialogHost.tsx'
import { Toasts } from './Toasts.tsx'

/** Mounted once by the shell: toasts, the request spinner and the dialogs every remote opens. */
export function Notifications() {
  const loading = useLoadingStore((state) => state.pending > 0)
  return (
    <>
      <Toasts />
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
