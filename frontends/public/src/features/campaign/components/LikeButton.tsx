import { useState } from 'react'
import { formatInteger } from '@donaciones/web-kit'
import { likeCampaign } from '../api/campaign-api.ts'

/** One like per page view: the button stays pressed and disabled once used. */
export function LikeButton({ slug, likes }: { slug: string; likes: number }) {
  const [liked, setLiked] = useState(false)
  const [sending, setSending] = useState(false)
  const [total, setTotal] = useState<number | null>(null)

  const like = async () => {
    setSending(true)
    try {
      setTotal(await likeCampaign(slug))
      setLiked(true)
    } catch {
      // The global toast already told the visitor; the button stays available to retry.
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="campaign-like">
      <button type="button" className="kit-button kit-button--secondary campaign-like__button" aria-pressed={liked} disabled={liked || sending} onClick={() => void like()}>
        <span aria-hidden="true">♥</span> Me gusta
      </button>
      <span className="campaign-stat" aria-live="polite">{formatInteger(total ?? likes)} me gusta</span>
    </div>
  )
}
