import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptSecret, encryptSecret, fingerprint, loadEncryptionKey } from './secret-box.ts'

describe('configuration encryption key', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'llave-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('takes CONFIG_ENCRYPTION_KEY first and checks its length', async () => {
    const key = randomBytes(32)
    expect((await loadEncryptionKey({ configured: key.toString('base64'), dataDir: dir, dialect: 'pg' })).equals(key)).toBe(true)
    await expect(loadEncryptionKey({ configured: 'corta', dataDir: undefined, dialect: 'pg' })).rejects.toThrow(/32 bytes/)
  })

  it('generates the key once into the data directory (0600) and reuses it', async () => {
    const first = await loadEncryptionKey({ configured: undefined, dataDir: dir, dialect: 'pg' })
    const second = await loadEncryptionKey({ configured: undefined, dataDir: dir, dialect: 'pg' })
    expect(first.equals(second)).toBe(true)
    expect((await stat(join(dir, 'config-encryption.key'))).mode & 0o777).toBe(0o600)
    expect(Buffer.from((await readFile(join(dir, 'config-encryption.key'), 'utf8')).trim(), 'base64').equals(first)).toBe(true)
  })

  it('refuses to start on PostgreSQL without the variable or a data directory', async () => {
    await expect(loadEncryptionKey({ configured: undefined, dataDir: undefined, dialect: 'pg' })).rejects.toThrow(/Falta CONFIG_ENCRYPTION_KEY/)
    expect((await loadEncryptionKey({ configured: undefined, dataDir: undefined, dialect: 'pglite' })).length).toBe(32)
  })
})

describe('secret sealing (AES-256-GCM)', () => {
  const key = randomBytes(32)

  it('round-trips and never contains the plaintext', () => {
    const sealed = encryptSecret(key, 'conekta', 'key_priv_123')
    expect(sealed).not.toContain('key_priv_123')
    expect(decryptSecret(key, 'conekta', sealed)).toBe('key_priv_123')
    expect(encryptSecret(key, 'conekta', 'key_priv_123')).not.toBe(sealed)
  })

  it('refuses another key, another secret name or a tampered value', () => {
    const sealed = encryptSecret(key, 'conekta', 'key_priv_123')
    expect(() => decryptSecret(randomBytes(32), 'conekta', sealed)).toThrow()
    expect(() => decryptSecret(key, 'paypal', sealed)).toThrow()
    const parts = sealed.split('.')
    const tampered = [...parts.slice(0, 3), Buffer.from('otro-valor').toString('base64url')].join('.')
    expect(() => decryptSecret(key, 'conekta', tampered)).toThrow()
  })

  it('fingerprints with the key', () => {
    expect(fingerprint(key, { a: 1 })).toBe(fingerprint(key, { a: 1 }))
    expect(fingerprint(key, { a: 1 })).not.toBe(fingerprint(randomBytes(32), { a: 1 }))
  })
})
