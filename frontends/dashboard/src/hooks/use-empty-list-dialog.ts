import { useEffect, useRef } from 'react'
import { showEmptyListDialog } from '@donaciones/web-kit'
import { useLocation, useNavigate } from '@donaciones/web-kit/router'

/**
 * Spec §8: once a list has loaded empty, shows the 'Sin registros' dialog once.
 * 'Agregar registros' (only when `canCreate`) opens the sibling create route (…/list → …/create);
 * 'Regresar' closes the dialog and leaves the empty list on screen ('Sin datos disponibles').
 */
export function useEmptyListDialog(rows: readonly unknown[] | undefined, canCreate: boolean): void {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const shown = useRef(false)
  useEffect(() => {
    if (!rows || rows.length > 0 || shown.current) return
    shown.current = true
    void showEmptyListDialog(canCreate).then((choice) => {
      if (choice === 'add' && canCreate) navigate(pathname.replace(/\/list\/?$/, '/create'))
    })
  }, [rows, canCreate, navigate, pathname])
}
