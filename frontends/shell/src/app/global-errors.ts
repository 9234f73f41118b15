import { ALREADY_EXISTS } from '@donaciones/contracts'
import { notify, setApiErrorListener } from '@donaciones/web-kit'

/** Spec §8: every failed request shows its message and description; a duplicate also goes back. */
export function installGlobalErrorHandler(): void {
  setApiErrorListener((error) => {
    notify.warning(error.message, error.description)
    if (error.message === ALREADY_EXISTS) window.history.back()
  })
}
