import type { EventStore, ServiceContext } from '@donaciones/kit'
import { loadEncryptionKey } from './secrets/secret-box.ts'
import { ContentMail } from './mail/content-mail.ts'

/** What the content service keeps per running instance (nothing that two replicas must share). */
export interface ContentState {
  /** AES-256 key of the configuration's secrets. */
  key: Buffer
  mail: ContentMail
}

const states = new WeakMap<EventStore, ContentState>()

/** Service setup: the encryption key (refuses to start without one); the private tables are its migrations. */
export async function initContentState(context: ServiceContext): Promise<ContentState> {
  const key = await loadEncryptionKey({ configured: context.settings.CONFIG_ENCRYPTION_KEY, dataDir: context.dataDir, dialect: context.db.dialect, logger: context.logger })
  const state: ContentState = { key, mail: new ContentMail(context, key) }
  states.set(context.store, state)
  return state
}

export function contentState(context: ServiceContext): ContentState {
  const state = states.get(context.store)
  if (!state) throw new Error('El servicio de contenido no se inicializó (falta setup)')
  return state
}
