import { describe, expect, it } from 'vitest'
import { STAMPED_XML_TOTAL_MISMATCH } from '@donaciones/contracts'
import { stampedCfdiXml, stampedReceiptPdf } from '../../../tests/support/cfdi.ts'
import { checkStampedCfdi } from '../src/receipts/stamped-cfdi.ts'

const RFC = 'PEGA800101AB8'
const check = (total: string, amount: number) =>
  checkStampedCfdi(Buffer.from(stampedCfdiXml({ receiverRfc: RFC, receiverName: 'ANA PEREZ GARCIA', total })), stampedReceiptPdf, { rfc: RFC, amount })

describe("the stamped CFDI's Total is the donation's amount to the cent, as written", () => {
  it.each([
    ['500.00', 500],
    ['500', 500],
    ['500.0', 500],
    ['500.000', 500],
    ['750.50', 750.5],
    ['750.5', 750.5],
    ['0.01', 0.01],
    ['1234567.89', 1_234_567.89],
  ])('takes Total="%s" for a donation of %d', (total, amount) => {
    expect(check(total, amount)).toEqual({ cfdi: { total: Number(total), uuid: '6F1A2B3C-4D5E-4F60-8172-93A4B5C6D7E8' } })
  })

  it.each([
    ['500.004', 500],
    ['500.001', 500],
    ['499.995', 500],
    ['500.0001', 500],
    ['500.01', 500],
    ['750.504', 750.5],
    ['5e2', 500],
    ['500.', 500],
    ['.5', 0.5],
    ['-500', 500],
    ['0x1F4', 500],
  ])('refuses Total="%s" for a donation of %d', (total, amount) => {
    expect(check(total, amount)).toEqual({ errors: [{ path: 'xml', message: STAMPED_XML_TOTAL_MISMATCH }] })
  })
})
