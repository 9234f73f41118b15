import { useEffect, useState, type RefObject } from 'react'

export const DONATION_ANCHOR = 'donar'

/**
 * Phones only (CSS): a 'Donar' button fixed at the bottom of the screen that scrolls the donation
 * card into view and moves the focus to it. It hides while the card is on screen.
 */
export function StickyDonateButton({ target }: { target: RefObject<HTMLElement | null> }) {
  const [cardVisible, setCardVisible] = useState(false)

  useEffect(() => {
    const element = target.current
    if (!element || typeof IntersectionObserver === 'undefined') return undefined
    const observer = new IntersectionObserver(([entry]) => setCardVisible(Boolean(entry?.isIntersecting)), { threshold: 0.25 })
    observer.observe(element)
    return () => observer.disconnect()
  }, [target])

  const bringCard = () => {
    const element = target.current
    if (!element) return
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    element.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' })
    element.focus({ preventScroll: true })
  }

  return (
    <div className="campaign-donate-bar" hidden={cardVisible}>
      <a className="kit-button campaign-donate-bar__button" href={`#${DONATION_ANCHOR}`} onClick={(event) => { event.preventDefault(); bringCard() }}>
        Donar
      </a>
    </div>
  )
}
