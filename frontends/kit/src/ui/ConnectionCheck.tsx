import { useId, useState } from 'react'
import type { ConnectionTestResponse } from '@donaciones/contracts'
import { ApiError } from '../api/api-error.ts'

type CheckState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; ok: boolean; message: string; description: string; reason: string | null }

export interface ConnectionCheckProps {
  /** Who is tested, for the button's accessible name: 'Probar conexión con {service}'. */
  service: string
  /**
   * The request; its failures (409, 429, no answer) are shown here, not as a toast. null: nothing
   * was sent (the form marked what is missing).
   */
  run: () => Promise<ConnectionTestResponse | null>
  /** Why the test cannot run now (unsaved changes, nothing stored); the button is off while set. */
  unavailable?: string | undefined
}

/**
 * 'Probar conexión': the server makes a real, harmless call to the provider or the mail server and
 * says in Spanish how it went; the answer stays under the button (a polite live region).
 */
export function ConnectionCheck({ service, run, unavailable }: ConnectionCheckProps) {
  const [state, setState] = useState<CheckState>({ status: 'idle' })
  const noteId = useId()
  const test = async () => {
    setState({ status: 'running' })
    try {
      const result = await run()
      if (result === null) return setState({ status: 'idle' })
      setState({ status: 'done', ok: result.ok, message: result.message, description: result.description, reason: result.reason })
    } catch (error) {
      const failure = error instanceof ApiError ? error : undefined
      setState({
        status: 'done',
        ok: false,
        message: failure?.message ?? 'No se pudo probar la conexión',
        description: failure?.description ?? 'Revise su conexión e intente de nuevo.',
        reason: null,
      })
    }
  }
  const running = state.status === 'running'
  return (
    <div className="kit-connection-check">
      <button
        type="button"
        className="kit-button kit-button--secondary"
        aria-label={`Probar conexión con ${service}`}
        aria-describedby={unavailable ? noteId : undefined}
        disabled={running || unavailable !== undefined}
        onClick={() => void test()}
      >
        {running ? 'Probando...' : 'Probar conexión'}
      </button>
      {unavailable && (
        <p id={noteId} className="kit-connection-check__note">
          {unavailable}
        </p>
      )}
      <div role="status" aria-live="polite" className="kit-connection-check__status">
        {state.status === 'done' && (
          <div className={`kit-connection-check__result kit-connection-check__result--${state.ok ? 'ok' : 'failed'}`}>
            <strong>{state.message}</strong>
            <span>{state.description}</span>
            {state.reason && <span className="kit-connection-check__reason">Motivo: {state.reason}</span>}
          </div>
        )}
      </div>
    </div>
  )
}
