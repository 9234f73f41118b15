/**
 * NATS-style subjects: dot-separated non-empty tokens without whitespace. In a filter a token
 * `*` matches exactly one token and a final `>` matches one or more trailing tokens.
 */

const INVALID_TOKEN = /[\s*>]/

function tokensOf(text: string, kind: string): string[] {
  const tokens = text.split('.')
  if (tokens.some((token) => token.length === 0)) throw new Error(`invalid ${kind} "${text}": empty token`)
  return tokens
}

/** Throws unless `subject` is a concrete subject (no wildcards) that can be published to. */
export function assertValidSubject(subject: string): void {
  for (const token of tokensOf(subject, 'subject')) {
    if (INVALID_TOKEN.test(token)) throw new Error(`invalid subject "${subject}": wildcard or whitespace`)
  }
}

/** Throws unless `filter` is a valid subject filter. */
export function assertValidSubjectFilter(filter: string): void {
  const tokens = tokensOf(filter, 'subject filter')
  tokens.forEach((token, index) => {
    if (token === '*') return
    if (token === '>' && index === tokens.length - 1) return
    if (INVALID_TOKEN.test(token)) throw new Error(`invalid subject filter "${filter}": misplaced wildcard or whitespace`)
  })
}

/** Whether `subject` is matched by `filter`. Both are assumed valid. */
export function subjectMatches(filter: string, subject: string): boolean {
  const filterTokens = filter.split('.')
  const subjectTokens = subject.split('.')
  for (const [index, token] of filterTokens.entries()) {
    if (token === '>') return subjectTokens.length > index
    if (index >= subjectTokens.length) return false
    if (token !== '*' && token !== subjectTokens[index]) return false
  }
  return filterTokens.length === subjectTokens.length
}

const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/g

/**
 * An anchored regular expression equivalent to `filter`, written in the subset shared by
 * JavaScript and PostgreSQL (`~`), so the in-process bus can filter in SQL.
 */
export function subjectFilterPattern(filter: string): string {
  const parts = filter.split('.').map((token) => {
    if (token === '*') return '[^.]+'
    if (token === '>') return '[^.]+(\\.[^.]+)*'
    return token.replace(REGEX_SPECIAL, '\\$&')
  })
  return `^${parts.join('\\.')}$`
}
