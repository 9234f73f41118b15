import { gzipSync } from 'node:zlib'
import fc from 'fast-check'

/**
 * How the service reads a generated body:
 * - `unreadable`: no JSON value comes out of it (malformed, oversized, not valid UTF-8 or Unicode);
 *   every route must refuse it.
 * - `json`: it parses to `value`; a route refuses it when its contract does.
 * - `absent`: not sent as JSON, so the route sees no body at all.
 */
export type BodyReading = { kind: 'unreadable' } | { kind: 'json'; value: unknown } | { kind: 'absent' }

export interface InvalidBody {
  label: string
  contentType?: string
  /** A Content-Encoding header, when the body claims to be compressed. */
  contentEncoding?: string
  bytes: Buffer
  reading: BodyReading
}

const JSON_TYPE = 'application/json'
/** The services' JSON limit (express.json default of the kit, '1mb'). */
export const BODY_LIMIT_BYTES = 1024 * 1024

function jsonBody(label: string, value: unknown): InvalidBody {
  return { label, contentType: JSON_TYPE, bytes: Buffer.from(JSON.stringify(value)), reading: { kind: 'json', value } }
}

function unreadable(label: string, bytes: Buffer, contentType = JSON_TYPE): InvalidBody {
  return { label, contentType, bytes, reading: { kind: 'unreadable' } }
}

/** A value of any JSON type, to swap in for a field of another type. */
const anyJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0.5, '', ' ', '0', 'null', [], {}, [null], { $gt: '' }),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
)

const unknownKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', '_id', 'id', 'createdBy', 'active', 'role', 'permissions', 'admin', 'password'),
  fc.string({ minLength: 1, maxLength: 12 }),
)

/** The sample with one field removed, one swapped for another type, or extra fields next to an invalidity. */
function mutatedSample(sample: Record<string, unknown>): fc.Arbitrary<InvalidBody> {
  const keys = Object.keys(sample)
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('campo')
  const dropped = key.map((name) => {
    const { [name]: _removed, ...rest } = sample
    return jsonBody(`sin el campo ${name}`, rest)
  })
  const swapped = fc.tuple(key, anyJsonValue).map(([name, value]) => jsonBody(`${name} de otro tipo`, { ...sample, [name]: value }))
  const nestedSwap = fc.tuple(key, fc.string({ minLength: 1, maxLength: 8 }), anyJsonValue).map(([name, inner, value]) =>
    jsonBody(`${name}.${inner} de otro tipo`, { ...sample, [name]: { [inner]: value } }),
  )
  const extraWithInvalidity = fc
    .tuple(key, anyJsonValue, fc.dictionary(unknownKey, anyJsonValue, { minKeys: 1, maxKeys: 4 }))
    .map(([name, value, extra]) => jsonBody(`campos desconocidos y ${name} inválido`, { ...extra, ...sample, [name]: value }))
  const wholeBody = fc
    .constantFrom<unknown>([], [sample], {}, { payload: null }, { payload: [] }, { historical: {} })
    .map((value) => jsonBody('cuerpo de otra forma', value))
  return fc.oneof(dropped, swapped, nestedSwap, extraWithInvalidity, wholeBody)
}

/** A field set to a string of 100k to 1M characters (some over the body limit). */
function hugeString(sample: Record<string, unknown>): fc.Arbitrary<InvalidBody> {
  const keys = Object.keys(sample).length > 0 ? Object.keys(sample) : ['texto']
  return fc
    .tuple(fc.constantFrom(...keys), fc.integer({ min: 100_000, max: 1_000_000 }), fc.constantFrom('a', 'ñ', '😀', ' ', '<'))
    .map(([name, length, unit]) => {
      const value = { ...sample, [name]: unit.repeat(Math.ceil(length / unit.length)) }
      const body = jsonBody(`${name} de ${length} caracteres`, value)
      return body.bytes.length > BODY_LIMIT_BYTES ? unreadable(body.label, body.bytes) : body
    })
}

/** Arrays or objects nested 1 000 to 100 000 levels deep, in a field or as the whole body. */
function deepNesting(sample: Record<string, unknown>): fc.Arbitrary<InvalidBody> {
  const keys = Object.keys(sample).length > 0 ? Object.keys(sample) : ['campo']
  return fc
    .tuple(fc.constantFrom(...keys, '(cuerpo)'), fc.integer({ min: 1_000, max: 100_000 }), fc.constantFrom('[', '{"a":'))
    .map(([name, depth, open]) => {
      const close = open === '[' ? ']' : '}'
      const nested = `${open.repeat(depth)}1${close.repeat(depth)}`
      const text = name === '(cuerpo)' ? `{"a":${nested}}` : JSON.stringify({ ...sample, [name]: 0 }).replace(`"${name}":0`, `${JSON.stringify(name)}:${nested}`)
      const bytes = Buffer.from(text)
      const label = `${name} anidado ${depth} niveles`
      if (bytes.length > BODY_LIMIT_BYTES) return unreadable(label, bytes)
      return { label, contentType: JSON_TYPE, bytes, reading: { kind: 'json', value: JSON.parse(text) as unknown } }
    })
}

/** Byte sequences that are not UTF-8: a stray continuation, an overlong '/', a surrogate, 0xFF. */
const invalidUtf8Sequences = [[0x80], [0xc3, 0x28], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]]

function invalidUtf8(sample: Record<string, unknown>): fc.Arbitrary<InvalidBody> {
  const keys = Object.keys(sample).length > 0 ? Object.keys(sample) : ['campo']
  return fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...invalidUtf8Sequences), fc.boolean()).map(([name, sequence, inKey]) => {
    const marker = 'MARCA'
    const text = JSON.stringify(inKey ? { ...sample, [marker]: 'x' } : { ...sample, [name]: `a${marker}b` })
    const [before, after] = text.split(marker) as [string, string]
    return unreadable(`UTF-8 inválido ${Buffer.from(sequence).toString('hex')} en ${inKey ? 'una clave' : name}`, Buffer.concat([Buffer.from(before), Buffer.from(sequence), Buffer.from(after)]))
  })
}

function loneSurrogate(sample: Record<string, unknown>): fc.Arbitrary<InvalidBody> {
  const keys = Object.keys(sample).length > 0 ? Object.keys(sample) : ['campo']
  return fc.tuple(fc.constantFrom(...keys), fc.constantFrom('\\ud800', '\\udfff', 'a\\ud83d', '\\ude00b'), fc.boolean()).map(([name, escape, inKey]) => {
    const text = JSON.stringify({ ...sample, [name]: 'MARCA' })
    const replaced = inKey ? text.replace('{', `{"${escape}":1,`) : text.replace('"MARCA"', `"${escape}"`)
    return unreadable(`sustituto suelto ${escape} en ${inKey ? 'una clave' : name}`, Buffer.from(replaced))
  })
}

function malformedJson(sample: Record<string, unknown>): fc.Arbitrary<InvalidBody> {
  const text = JSON.stringify(sample)
  const truncated = fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((at) => unreadable(`JSON cortado en ${at}`, Buffer.from(text.slice(0, at))))
  const garbled = fc
    .tuple(fc.integer({ min: 0, max: text.length }), fc.constantFrom('}', '{', ',', ':', '"', "'", '\\', 'x', ']]'))
    .map(([at, junk]) => `${text.slice(0, at)}${junk}${text.slice(at)}`)
    .filter((candidate) => !parses(candidate))
    .map((candidate) => unreadable('JSON alterado', Buffer.from(candidate)))
  const notJson = fc
    .constantFrom("{'a':1}", '{a:1}', '[1,]', 'NaN', 'undefined', '{"a":1}}', '"texto"', '123', 'null', 'true', ' ', '\u0000', '{"a":1', '<xml/>', '\ufeff{}x')
    .map((candidate) => unreadable(`no es JSON: ${JSON.stringify(candidate)}`, Buffer.from(candidate)))
  return fc.oneof(truncated, garbled, notJson)
}

function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Over the limit: padding in a field or a long array, 1.1 to 4 times the limit. */
function oversized(sample: Record<string, unknown>): fc.Arbitrary<InvalidBody> {
  return fc.tuple(fc.double({ min: 1.1, max: 4, noNaN: true }), fc.boolean()).map(([factor, asArray]) => {
    const size = Math.ceil(BODY_LIMIT_BYTES * factor)
    const text = asArray ? `[${'1,'.repeat(Math.ceil(size / 2))}1]` : JSON.stringify({ ...sample, relleno: 'x'.repeat(size) })
    return unreadable(`cuerpo de ${(text.length / BODY_LIMIT_BYTES).toFixed(1)} MB`, Buffer.from(text))
  })
}

/** A valid-looking body under another content type (or a JSON type with a charset it cannot have). */
function wrongContentType(sample: Record<string, unknown>): fc.Arbitrary<InvalidBody> {
  const bytes = Buffer.from(JSON.stringify(sample))
  const ignored = fc
    .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream', undefined)
    .map((contentType): InvalidBody => ({ label: `enviado como ${contentType ?? 'nada'}`, ...(contentType ? { contentType } : {}), bytes, reading: { kind: 'absent' } }))
  const badCharset = fc
    .constantFrom('application/json; charset=latin1', 'application/json; charset=klingon', 'application/json; charset=utf-16')
    .map((contentType) => unreadable(`enviado como ${contentType}`, contentType.endsWith('utf-16') ? Buffer.from(JSON.stringify(sample), 'utf16le').subarray(1) : bytes, contentType))
  return fc.oneof(ignored, badCharset)
}

/** Compression that lies, is unknown, or inflates far past the limit (a small 'zip bomb'). */
function badEncoding(sample: Record<string, unknown>): fc.Arbitrary<InvalidBody> {
  const text = JSON.stringify(sample)
  const lying = fc
    .constantFrom('gzip', 'deflate', 'br', 'zstd', 'gzip, gzip', 'compress')
    .map((encoding) => ({ ...unreadable(`JSON sin comprimir declarado ${encoding}`, Buffer.from(text)), contentEncoding: encoding }))
  const compressed = gzipSync(Buffer.from(text))
  const truncated = fc
    .integer({ min: 1, max: compressed.length - 1 })
    .map((cut) => ({ ...unreadable(`gzip cortado en ${cut} de ${compressed.length} bytes`, compressed.subarray(0, cut)), contentEncoding: 'gzip' }))
  const bomb = fc.integer({ min: 2, max: 32 }).map((megabytes) => ({
    ...unreadable(`gzip que se infla a ${megabytes} MB`, gzipSync(Buffer.from(`{"relleno":"${' '.repeat(megabytes * BODY_LIMIT_BYTES)}"}`))),
    contentEncoding: 'gzip',
  }))
  return fc.oneof(lying, truncated, bomb)
}

export const invalidBodyKinds = ['mutated', 'huge-string', 'deep-nesting', 'invalid-utf8', 'lone-surrogate', 'malformed-json', 'oversized', 'wrong-content-type', 'bad-encoding'] as const
export type InvalidBodyKind = (typeof invalidBodyKinds)[number]

/** Every kind of invalid body, built on a route's valid sample (or `{}` when it has none). */
export function invalidBody(sample: Record<string, unknown>, kinds: readonly InvalidBodyKind[] = invalidBodyKinds): fc.Arbitrary<InvalidBody> {
  const byKind: Record<InvalidBodyKind, () => fc.Arbitrary<InvalidBody>> = {
    mutated: () => mutatedSample(sample),
    'huge-string': () => hugeString(sample),
    'deep-nesting': () => deepNesting(sample),
    'invalid-utf8': () => invalidUtf8(sample),
    'lone-surrogate': () => loneSurrogate(sample),
    'malformed-json': () => malformedJson(sample),
    oversized: () => oversized(sample),
    'wrong-content-type': () => wrongContentType(sample),
    'bad-encoding': () => badEncoding(sample),
  }
  return fc.oneof(...kinds.map((kind) => byKind[kind]()))
}
