import { createHash } from 'node:crypto'

/** A 63-bit advisory lock key derived from a name, stable across processes. */
export function stableLockKey(name: string): string {
  const digest = createHash('sha256').update(name).digest()
  return (digest.readBigInt64BE(0) & 0x7fffffffffffffffn).toString()
}
