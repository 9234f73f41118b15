import { useLayoutEffect } from 'react'
import { useLocation } from '@donaciones/web-kit/router'
import { keepsScroll } from '@donaciones/web-kit'

/**
 * Spec §2.1: back to the top on every route change, except on the routes that keep their place.
 * Before the new screen is painted: painted first where the visitor had scrolled, what is below
 * it (the footer) would be seen jumping as the screen fills in.
 */
export function ScrollReset() {
  const { pathname } = useLocation()
  useLayoutEffect(() => {
    if (!keepsScroll(pathname)) window.scrollTo(0, 0)
  }, [pathname])
  return null
}
