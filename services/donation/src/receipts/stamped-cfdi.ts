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
 * Checks a stamped deductible receipt before it is kept and mailed: the XML parses, is a CFDI
 * (a Comprobante with a Total and a Receptor), its Receptor's Rfc is the request's and its Total
 * the donation's amount; the PDF is a PDF. Returns the field errors, or the CFDI's facts.
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
  if (!/^\d+(\.\d+)?$/.test(totalText) || cents(total) !== cents(expected.amount)) errors.push({ path: STAMPED_XML_FIELD, message: STAMPED_XML_TOTAL_MISMATCH })
  if (errors.length > 0) return { errors }
  const uuid = attribute(child(child(comprobante, 'Complemento'), 'TimbreFiscalDigital'), 'UUID')
  return { cfdi: { total, uuid: uuid || undefined } }
}
