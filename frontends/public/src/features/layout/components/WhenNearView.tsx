import { useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * How close to the screen's bottom edge the place must come. The content area is at least a
 * screen tall, so the slider (and its carousel library) is not part of any page's first load:
 * it comes when the visitor scrolls down.
 */
const NEAR = '0px'

/**
 * Renders its children once the place they go is about to scroll into view, so below-the-fold
 * sections (the campaign slider) do not weigh on the first load. The place keeps the height its
 * class gives it (at least the section's own), before and after: what follows, the footer, does
 * not move while the visitor is looking at it.
 */
export function WhenNearView({ children, className }: { children: ReactNode; className: string }) {
  const place = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = place.current
    if (!element || near) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true)
    }, { rootMargin: NEAR })
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  return <div ref={place} className={className}>{near && children}</div>
}
