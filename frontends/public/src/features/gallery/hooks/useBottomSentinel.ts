import { useEffect, useRef } from 'react'

/**
 * Calls `onVisible` when the returned element scrolls into view. The observer is rebuilt when
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
      // Also when it is just above the screen: a jump to the page's end (End key) passes it, as
      // the slider's place and the footer below it are taller than a short window.
    }, { rootMargin: '1000px 0px 200px 0px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled, generation])
  return ref
}
