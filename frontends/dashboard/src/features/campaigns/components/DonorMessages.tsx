import { DONOR_MESSAGE_HIDDEN, DONOR_MESSAGE_SHOWN, type DonorWallMessage } from '@donaciones/contracts'
import { askJustification, formatDateTime, formatMoney, notify, useQuery } from '@donaciones/web-kit'
import { changed } from '../../../lib/record-actions.ts'
import { CAMPAIGNS_PATH, loadDonorMessages, moderateDonorMessage } from '../api/campaign-records-api.ts'

interface DonorMessagesProps {
  campaignId: string
  canUpdate: boolean
}

/** The messages donors left on the campaign's wall; with update permission each can be hidden or shown again, with a justification. */
export function DonorMessages({ campaignId, canUpdate }: DonorMessagesProps) {
  const { state, data, retry } = useQuery(`${CAMPAIGNS_PATH}/${campaignId}/donor-wall`, (signal) => loadDonorMessages(campaignId, signal))

  const moderate = async (entry: DonorWallMessage) => {
    const description = await askJustification()
    if (description === null) return
    try {
      const hidden = !entry.messageHidden
      await moderateDonorMessage(campaignId, entry._id, hidden, description)
      changed(CAMPAIGNS_PATH)
      notify.success(hidden ? DONOR_MESSAGE_HIDDEN : DONOR_MESSAGE_SHOWN)
    } catch {
      // The kit's global toast shows the server's message.
    }
  }

  return (
    <section className="campaign-view__history" aria-labelledby="donor-messages-title">
      <h2 id="donor-messages-title">Mensajes del muro de donadores</h2>
      {state.status === 'loading' && <p className="history-rows__empty" role="status">Cargando mensajes...</p>}
      {state.status === 'error' && (
        <p className="history-rows__empty" role="alert">
          No se pudieron cargar los mensajes.{' '}
          <button type="button" className="kit-button kit-button--secondary" onClick={retry}>Reintentar</button>
        </p>
      )}
      {state.status === 'success' && data && data.length === 0 && <p className="history-rows__empty">Ningún donador ha dejado un mensaje.</p>}
      {state.status === 'success' && data && data.length > 0 && (
        <ul className="donor-messages">
          {data.map((entry) => (
            <li key={entry._id} className="donor-messages__item">
              <p className="donor-messages__meta">
                <strong>{entry.name ?? 'Anónimo'}</strong> · {formatMoney(entry.amount)} · {formatDateTime(entry.createdAt)}
                {entry.messageHidden && <span className="donor-messages__hidden">Oculto</span>}
              </p>
              <p className="donor-messages__text">{entry.message}</p>
              {canUpdate && (
                <button type="button" className="kit-button kit-button--secondary" onClick={() => void moderate(entry)}>
                  {entry.messageHidden ? 'Mostrar mensaje' : 'Ocultar mensaje'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
