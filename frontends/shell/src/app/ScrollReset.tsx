import { useEffect } from 'react'
import { useLocation } from '@donaciones/web-kit/router'
import { keepsScroll } from '@donaciones/web-kit'

/** Spec §2.1: back to the top on every route change, except on the routes that keep their place. */
export function ScrollReset() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (!keepsScroll(pathname)) window.scrollTo(0, 0)
  }, [pathname])
  return null
}
