import { useCallback, useEffect, useState } from 'react'
import type { ConfigurationAdminView } from '@donaciones/contracts'
import { fetchConfiguration } from '../api/configuration-api.ts'

export type ConfigurationState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; view: ConfigurationAdminView; revision: number }

/** Loads the configuration screen's data; `reload` fetches it again, `replace` keeps a saved answer. */
export function useConfiguration() {
  const [state, setState] = useState<ConfigurationState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    fetchConfiguration(controller.signal)
      .then((view) => setState({ status: 'ready', view, revision: Date.now() }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' })
      })
    return () => controller.abort()
  }, [attempt])

  const reload = useCallback(() => setAttempt((value) => value + 1), [])
  const replace = useCallback((view: ConfigurationAdminView) => setState({ status: 'ready', view, revision: Date.now() }), [])
  return { state, reload, replace }
}
