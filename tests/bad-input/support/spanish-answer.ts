import type { RawAnswer } from './raw-http.ts'

/** Text of parsers, frameworks and runtimes that must never reach a person (spec §8: Spanish only). */
const FOREIGN_TEXT = [
  /unexpected (token|end|character)/i,
  /\bexpected\b/i,
  /invalid input/i,
  /syntaxerror|typeerror|rangeerror|referenceerror/i,
  /maximum call stack/i,
  /\bat .+:\d+:\d+/,
  /node_modules|\/work\/|\.ts:\d+|\.js:\d+/,
  /\b(bad request|not found|payload too large|unsupported media type|internal server error|forbidden|unauthorized)\b/i,
  /\b(multipart|boundary|malformed|busboy|multer)\b/i,
  /\b(required|must be|should be|is not|received|string|number|boolean|object|array|undefined)\b/i,
  /\b(failed|invalid|request|body|field)\b/i,
]

/** Words or letters any Spanish sentence of the project's messages has. */
const SPANISH = /[áéíóúñ¿¡]|\b(de|la|el|los|las|no|se|un|una|en|del|por|para|solicitud|datos|campo|requerido|recurso|sesión|acceso|registro)\b/i

interface ErrorBody {
  message?: unknown
  description?: unknown
  errors?: unknown
}

function texts(body: ErrorBody): string[] {
  const found = [body.message, body.description].filter((text): text is string => typeof text === 'string')
  if (Array.isArray(body.errors)) {
    for (const entry of body.errors as { message?: unknown }[]) if (typeof entry?.message === 'string') found.push(entry.message)
  }
  return found
}

/** Why the answer is not the project's Spanish error body, or undefined when it is. */
export function spanishErrorProblem(answer: RawAnswer): string | undefined {
  if (!answer.contentType.includes('application/json')) return `no es JSON (${answer.contentType || 'sin tipo'}): ${answer.text.slice(0, 200)}`
  let body: ErrorBody
  try {
    body = JSON.parse(answer.text) as ErrorBody
  } catch {
    return `JSON ilegible: ${answer.text.slice(0, 200)}`
  }
  if (typeof body.message !== 'string' || body.message === '' || typeof body.description !== 'string' || body.description === '') {
    return `sin message/description: ${answer.text.slice(0, 200)}`
  }
  if (!SPANISH.test(`${body.message} ${body.description}`)) return `no parece español: ${answer.text.slice(0, 200)}`
  for (const text of texts(body)) {
    const foreign = FOREIGN_TEXT.find((pattern) => pattern.test(text))
    if (foreign) return `texto ajeno (${String(foreign)}): ${text.slice(0, 200)}`
  }
  return undefined
}
