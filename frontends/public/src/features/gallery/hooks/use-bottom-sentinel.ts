import { useEffect, useRef } from 'react'

/**
 * Calls `onVisible` when the returned element scrolls into view (or past it). The observer is rebuilt when
 * `generation` changes, so a sentinel still visible after a page arrives asks for the next one.
 */
export function useBottomSentinel<T extends Element>(onVisible: () => void, enabled: boolean, generation: number) {
  const ref = useRef<T>(null)
  const callback = useRef(onVisible)
  callback.current = onVisible
  useEffect(() => {
    const element = ref.current
    if (!enabled || !element) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current()
      // The top margin counts a sentinel already scrolled past (a jump to the end of the page, the
      // End key) as reached: the list's end is at or above the bottom of the screen.
    }, { rootMargin: '100000px 0px 200px 0px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled, generation])
  return ref
}
