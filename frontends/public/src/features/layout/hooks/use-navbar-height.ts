import { useEffect, type RefObject } from 'react'

/**
 * Publishes the sticky navbar's height (one row, two on a wide screen with a long name; the phone
 * menu lies over the page and does not count) as --public-navbar-height on the page, so that a
 * field the page brings into view (focused, or a form's first wrong field) stops below the navbar:
 * scroll-margin-top in layout.css.
 */
export function useNavbarHeight(navbar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = navbar.current
    if (!element) return undefined
    const root = document.documentElement
    const publish = () => root.style.setProperty('--public-navbar-height', `${Math.ceil(element.getBoundingClientRect().height)}px`)
    publish()
    const observer = new ResizeObserver(publish)
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--public-navbar-height')
    }
  }, [navbar])
}
