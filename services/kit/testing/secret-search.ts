/**
 * How a secret could hide in a response: as written, in base64 or base64url (at each of the three
 * byte alignments it can take inside a longer encoded value), and in hex of either case.
 */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const forms = new Set<string>([secret, bytes.toString('hex'), bytes.toString('hex').toUpperCase()])
  for (const offset of [0, 1, 2]) {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes])
    // Characters that mix in the leading filler or the trailing partial group are dropped.
    const skip = Math.ceil((offset * 4) / 3)
    for (const encoding of ['base64', 'base64url'] as const) {
      const encoded = shifted.toString(encoding).replace(/=+$/, '')
      forms.add(encoded.slice(skip, encoded.length - 3))
    }
  }
  return [...forms].filter((form) => form.length >= 8)
}

/** The secrets found in any of the texts, in any of their forms. */
export function secretsFoundIn(texts: readonly string[], secrets: readonly string[]): string[] {
  return secrets.filter((secret) => {
    const forms = secretForms(secret)
    return texts.some((text) => forms.some((form) => text.includes(form)))
  })
}
