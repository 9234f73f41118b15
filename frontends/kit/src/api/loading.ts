import { create } from 'zustand'

/** Spec §2.2: the spinner shows while a request whose action starts with one of these runs. */
const SPINNER_ACTION_PREFIXES = ['LOAD', 'SELECT', 'EDIT', 'LOGIN'] as const

export function showsSpinner(action: string): boolean {
  return SPINNER_ACTION_PREFIXES.some((prefix) => action.startsWith(prefix))
}

interface LoadingState {
  pending: number
  begin: () => void
  end: () => void
}

export const useLoadingStore = create<LoadingState>((set) => ({
  pending: 0,
  begin: () => set((state) => ({ pending: state.pending + 1 })),
  end: () => set((state) => ({ pending: Math.max(0, state.pending - 1) })),
}))
