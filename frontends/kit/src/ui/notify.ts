import { toast } from 'sonner'
import { TOAST_DURATION_MS } from '@donaciones/contracts'

/** Toasts of spec §2.2 (top right, 3 s): a title and an optional description. */
export const notify = {
  success: (message: string, description?: string) => toast.success(message, { description, duration: TOAST_DURATION_MS }),
  warning: (message: string, description?: string) => toast.warning(message, { description, duration: TOAST_DURATION_MS }),
  error: (message: string, description?: string) => toast.error(message, { description, duration: TOAST_DURATION_MS }),
}
