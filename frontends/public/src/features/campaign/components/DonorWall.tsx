import { useId } from 'react'
import type { DonorWall as DonorWallData, DonorWallEntry } from '@donaciones/contracts'
import { formatMoney, fromNow } from '@donaciones/web-kit'

const anonymousDonor = 'Anónimo'

function WallEntry({ entry }: { entry: DonorWallEntry }) {
  return (
    <li className="donor-wall__entry">
      <p className="donor-wall__line">
        <strong>{entry.name ?? anonymousDonor}</strong> donó {formatMoney(entry.amount).replace(/\.00$/, '')} ·{' '}
        <time dateTime={entry.createdAt}>{fromNow(entry.createdAt)}</time>
      </p>
      {entry.message && <p className="donor-wall__message">{entry.message}</p>}
    </li>
  )
}

function WallList({ title, entries }: { title: string; entries: DonorWallEntry[] }) {
  const titleId = useId()
  return (
    <div className="donor-wall__group">
      <h3 id={titleId} className="donor-wall__subtitle">{title}</h3>
      <ul className="donor-wall__list" aria-labelledby={titleId}>
        {entries.map((entry) => <WallEntry key={entry._id} entry={entry} />)}
      </ul>
    </div>
  )
}

/** The campaign's latest and largest donations, with the donors' messages: first name and initial, or "Anónimo". */
export function DonorWall({ wall }: { wall: DonorWallData }) {
  return (
    <section className="donor-wall" aria-labelledby="muro-donadores-titulo">
      <h2 id="muro-donadores-titulo" className="donor-wall__title">Muro de donadores</h2>
      {wall.latest.length === 0 ? (
        <p className="donor-wall__empty">Aún no hay donaciones. ¡Sé la primera persona en donar!</p>
      ) : (
        <>
          <WallList title="Donaciones recientes" entries={wall.latest} />
          <WallList title="Donaciones más grandes" entries={wall.largest} />
        </>
      )}
    </section>
  )
}
