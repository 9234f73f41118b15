import { create } from 'zustand'
import { TOAST_DURATION_MS } from '@donaciones/contracts'

export type ToastKind = 'success' | 'warning' | 'error'

export interface Toast {
  id: number
  kind: ToastKind
  message: string
  description?: string
}

interface ToastState {
  toasts: Toast[]
  show: (toast: Omit<Toast, 'id'>) => void
  dismiss: (id: number) => void
}

let lastId = 0

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  show: (toast) => {
    const id = ++lastId
    set((state) => ({ toasts: [...state.toasts, { ...toast, id }] }))
    setTimeout(() => get().dismiss(id), TOAST_DURATION_MS)
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}))

const show = (kind: ToastKind) => (message: string, description?: string) =>
  useToastStore.getState().show({ kind, message, ...(description !== undefined && { description }) })

/** Toasts of spec §2.2 (top right, 3 s): a title and an optional description. */
export const notify = {
  success: show('success'),
  warning: show('warning'),
  error: show('error'),
}
