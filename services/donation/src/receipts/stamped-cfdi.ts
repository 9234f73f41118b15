import { XMLParser, XMLValidator } from 'fast-xml-parser'
import {
  normalizeRfc,
  STAMPED_PDF_FIELD,
  STAMPED_PDF_INVALID,
  STAMPED_XML_FIELD,
  STAMPED_XML_NOT_CFDI,
  STAMPED_XML_RFC_MISMATCH,
  STAMPED_XML_TOTAL_MISMATCH,
  STAMPED_XML_UNREADABLE,
} from '@donaciones/contracts'
import type { FieldError } from '@donaciones/kit'

/** What the upload is checked against: the request's RFC and the donation's amount. */
export interface ExpectedCfdi {
  rfc: string
  amount: number
}

/** What the stamped CFDI says, once it matches the request. */
export interface StampedCfdi {
  total: number
  uuid: string | undefined
}

type Node = Record<string, unknown>

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // The SAT's prefixes are cfdi: and tfd:, but a namespace may be bound to any prefix.
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
})

function child(node: unknown, name: string): Node | undefined {
  if (typeof node !== 'object' || node === null) return undefined
  const value = (node as Node)[name]
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'object' && first !== null ? (first as Node) : undefined
}

function attribute(node: Node | undefined, name: string): string | undefined {
  const value = node?.[`@${name}`]
  return typeof value === 'string' ? value.trim() : undefined
}

const cents = (amount: number) => Math.round(amount * 100)

/**
 * The amount written in the XML, in cents, only when it is an exact number of cents as written:
 * '500', '500.0', '500.00' and '500.000' are 50000; '500.004' or '500.001' are no amount of cents
 * at all (never rounded), nor is anything but digits with an optional decimal point.
 */
function writtenCents(text: string): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text)
  if (!match) return undefined
  const [, whole = '', fraction = ''] = match
  if (/[^0]/.test(fraction.slice(2))) return undefined
  const value = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'))
  return Number.isSafeInteger(value) ? value : undefined
}

/**
 * Checks a stamped deductible receipt before it is kept and mailed: the XML parses, is a CFDI
 * (a Comprobante with a Total and a Receptor), its Receptor's Rfc is the request's and its Total,
 * as written, the donation's amount to the cent; the PDF is a PDF. Returns the field errors, or the CFDI's facts.
 */
export function checkStampedCfdi(xml: Buffer, pdf: Buffer, expected: ExpectedCfdi): { errors: FieldError[] } | { cfdi: StampedCfdi } {
  const errors: FieldError[] = []
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') errors.push({ path: STAMPED_PDF_FIELD, message: STAMPED_PDF_INVALID })
  const text = xml.toString('utf8').replace(/^\uFEFF/, '')
  if (XMLValidator.validate(text) !== true) return { errors: [{ path: STAMPED_XML_FIELD, message: STAMPED_XML_UNREADABLE }, ...errors] }
  let document: unknown
  try {
    document = parser.parse(text)
  } catch {
    return { errors: [{ path: STAMPED_XML_FIELD, message: STAMPED_XML_UNREADABLE }, ...errors] }
  }
  const comprobante = child(document, 'Comprobante')
  const receptor = child(comprobante, 'Receptor')
  const totalText = attribute(comprobante, 'Total')
  const rfc = attribute(receptor, 'Rfc')
  if (!comprobante || !receptor || totalText === undefined || rfc === undefined) return { errors: [{ path: STAMPED_XML_FIELD, message: STAMPED_XML_NOT_CFDI }, ...errors] }
  if (normalizeRfc(rfc) !== normalizeRfc(expected.rfc)) errors.unshift({ path: STAMPED_XML_FIELD, message: STAMPED_XML_RFC_MISMATCH })
  const total = Number(totalText)
  if (writtenCents(totalText) !== cents(expected.amount)) errors.push({ path: STAMPED_XML_FIELD, message: STAMPED_XML_TOTAL_MISMATCH })
  if (errors.length > 0) return { errors }
  const uuid = attribute(child(child(comprobante, 'Complemento'), 'TimbreFiscalDigital'), 'UUID')
  return { cfdi: { total, uuid: uuid || undefined } }
}
