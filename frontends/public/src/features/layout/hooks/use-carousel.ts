import { useCallback, useState } from 'react'
import useEmblaCarousel from 'embla-carousel-react'
import Autoplay from 'embla-carousel-autoplay'

type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>

const AUTOPLAY_DELAY_MS = 5000

/** An embla carousel with autoplay, previous/next and a pause control (moving content must be pausable). */
export function useCarousel(options: CarouselOptions) {
  const [plugins] = useState(() => [Autoplay({ delay: AUTOPLAY_DELAY_MS, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true })])
  const [viewportRef, api] = useEmblaCarousel(options, plugins)
  const [paused, setPaused] = useState(false)
  const previous = useCallback(() => api?.scrollPrev(), [api])
  const next = useCallback(() => api?.scrollNext(), [api])
  const togglePause = useCallback(() => {
    const autoplay = api?.plugins().autoplay
    if (!autoplay) return
    if (paused) autoplay.play()
    else autoplay.stop()
    setPaused(!paused)
  }, [api, paused])
  return { viewportRef, previous, next, paused, togglePause }
}
