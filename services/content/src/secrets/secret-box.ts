import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger, SqlDialect } from '@donaciones/kit'

export const ENCRYPTION_KEY_VARIABLE = 'CONFIG_ENCRYPTION_KEY'
export const ENCRYPTION_KEY_FILE = 'config-encryption.key'
const KEY_BYTES = 32
const IV_BYTES = 12
const FORMAT = 'v1'

function decodeKey(text: string, source: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64')
  if (key.length !== KEY_BYTES) {
    throw new Error(`${source} debe contener ${KEY_BYTES} bytes en base64 (tiene ${key.length})`)
  }
  return key
}

function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT'
}

function isExistingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EEXIST'
}

export interface EncryptionKeySource {
  /** CONFIG_ENCRYPTION_KEY of the settings. */
  configured: string | undefined
  dataDir: string | undefined
  dialect: SqlDialect
  logger?: Logger
}

/**
 * The AES-256 key that protects the configuration's secrets: `CONFIG_ENCRYPTION_KEY` (base64, 32
 * bytes), else `<dataDir>/config-encryption.key`, generated once (mode 0600). An embedded database
 * kept only in memory (tests) gets a key kept only in memory too. A PostgreSQL deployment without
 * either refuses to start: a key that changed on every restart would lose every stored secret.
 */
export async function loadEncryptionKey(source: EncryptionKeySource): Promise<Buffer> {
  if (source.configured) return decodeKey(source.configured, ENCRYPTION_KEY_VARIABLE)
  if (source.dataDir) {
    const file = join(source.dataDir, ENCRYPTION_KEY_FILE)
    try {
      return decodeKey(await readFile(file, 'utf8'), file)
    } catch (error) {
      if (!isMissingFile(error)) throw error
    }
    await mkdir(source.dataDir, { recursive: true })
    try {
      // 'wx': two replicas starting together never overwrite each other's key.
      await writeFile(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
      source.logger?.info({ file }, 'Llave de cifrado de la configuración generada')
    } catch (error) {
      if (!isExistingFile(error)) throw error
    }
    return decodeKey(await readFile(file, 'utf8'), file)
  }
  if (source.dialect === 'pglite') {
    source.logger?.warn('Sin DATA_DIR ni CONFIG_ENCRYPTION_KEY: la llave de cifrado vive solo en memoria, como la base de datos')
    return randomBytes(KEY_BYTES)
  }
  throw new Error(
    `Falta ${ENCRYPTION_KEY_VARIABLE}: defina la llave de cifrado de la configuración (32 bytes en base64, p. ej. "openssl rand -base64 32") o un DATA_DIR donde generarla`,
  )
}

/** AES-256-GCM; the secret's name is authenticated too, so a value cannot be moved to another secret. */
export function encryptSecret(key: Buffer, name: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(name, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.')
}

export function decryptSecret(key: Buffer, name: string, sealed: string): string {
  const [format, iv, tag, ciphertext] = sealed.split('.')
  if (format !== FORMAT || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error(`Secreto ${name} con formato desconocido`)
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(name, 'utf8'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
}

/** A keyed fingerprint (nothing about the input can be learnt from it without the key). */
export function fingerprint(key: Buffer, value: unknown): string {
  return createHmac('sha256', key).update(JSON.stringify(value)).digest('base64url')
}
