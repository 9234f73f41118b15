import type { ConnectionService } from '@donaciones/contracts'
import { ConnectionCheck, invalidate } from '@donaciones/web-kit'
import { PROVIDER_FAILURES_KEY } from '../../../api/provider-failures.ts'
import { testStoredConnection } from '../api/configuration-api.ts'

const NAMES: Record<ConnectionService, string> = { conekta: 'Conekta', paypal: 'PayPal', mail: 'el servidor de correo' }

const NOTHING_STORED: Record<ConnectionService, string> = {
  conekta: 'Guarde la llave privada de Conekta para probar la conexión.',
  paypal: 'Guarde el Client ID y el secreto de PayPal para probar la conexión.',
  mail: 'Guarde el servidor de correo para probar la conexión.',
}

interface StoredConnectionCheckProps {
  service: ConnectionService
  /** The settings the test needs are stored. */
  stored: boolean
  /** The section's fields differ from what is stored: the test would not try them. */
  changed: boolean
}

/** 'Probar conexión' at the end of a section: the server tries the stored settings (the secret never reaches the browser). */
export function StoredConnectionCheck({ service, stored, changed }: StoredConnectionCheckProps) {
  const unavailable = !stored ? NOTHING_STORED[service] : changed ? 'Se prueban los datos guardados: guarde los cambios de esta sección para probarlos.' : undefined
  const run = async () => {
    const result = await testStoredConnection(service)
    // A provider that answers the stored keys again is no longer listed as failing.
    if (result.ok && service !== 'mail') invalidate(PROVIDER_FAILURES_KEY)
    return result
  }
  return <ConnectionCheck service={NAMES[service]} unavailable={unavailable} run={run} />
}
