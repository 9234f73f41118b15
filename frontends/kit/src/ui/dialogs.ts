import { create } from 'zustand'
import { EMPTY_LIST_TEXT, EMPTY_LIST_TITLE } from '@donaciones/contracts'

export type DialogIcon = 'success' | 'error' | 'warning' | 'info'

export type DialogRequest = { id: number } & (
  | { kind: 'alert'; title: string; text?: string; icon: DialogIcon; resolve: () => void }
  | { kind: 'confirm'; title: string; text?: string; confirmText: string; resolve: (confirmed: boolean) => void }
  | { kind: 'justification'; title: string; resolve: (justification: string | null) => void }
  | { kind: 'empty-list'; title: string; text: string; canAdd: boolean; resolve: (choice: 'back' | 'add') => void }
)
type NewDialog = DialogRequest extends infer R ? (R extends DialogRequest ? Omit<R, 'id'> : never) : never

interface DialogState {
  queue: DialogRequest[]
  open: (request: NewDialog) => void
  close: () => void
}

let lastId = 0

export const useDialogStore = create<DialogState>((set) => ({
  queue: [],
  open: (request) => set((state) => ({ queue: [...state.queue, { ...request, id: ++lastId } as DialogRequest] })),
  close: () => set((state) => ({ queue: state.queue.slice(1) })),
}))

const open = (request: NewDialog) => useDialogStore.getState().open(request)

/** An information dialog with an icon ('Información inválida / Verifique los datos proporcionados'). */
export function showAlert(title: string, text?: string, icon: DialogIcon = 'info'): Promise<void> {
  return new Promise((resolve) => open({ kind: 'alert', title, ...(text !== undefined && { text }), icon, resolve }))
}

export function confirmAction(title: string, text?: string, confirmText = 'Aceptar'): Promise<boolean> {
  return new Promise((resolve) => open({ kind: 'confirm', title, ...(text !== undefined && { text }), confirmText, resolve }))
}

/**
 * Spec §4: asks the justification of a change; resolves null when it is left empty or cancelled,
 * which aborts the change.
 */
export function askJustification(title = 'Justificación del cambio'): Promise<string | null> {
  return new Promise((resolve) => open({ kind: 'justification', title, resolve }))
}

/** Spec §2.2 empty-list dialog: 'Regresar' and, when the user may create, 'Agregar registros'. */
export function showEmptyListDialog(canAdd: boolean): Promise<'back' | 'add'> {
  return new Promise((resolve) => open({ kind: 'empty-list', title: EMPTY_LIST_TITLE, text: EMPTY_LIST_TEXT, canAdd, resolve }))
}
