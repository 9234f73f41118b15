import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import express from 'express'
import { startHttpServer } from '@donaciones/kit'
import { buildXlsx, readXlsx, sendXlsx, XLSX_CONTENT_TYPE } from './xlsx.ts'

interface Row {
  name: string
  amount: number
  note: string | null
}

const rows: Row[] = [
  { name: 'Ana', amount: 100, note: null },
  { name: 'José Ñúñez', amount: 2500.5, note: 'con acento' },
]

const sheet = {
  name: 'Donaciones de prueba',
  columns: [
    { header: 'Nombre', value: (row: Row) => row.name },
    { header: 'Monto', value: (row: Row) => row.amount },
    { header: 'Nota', value: (row: Row) => row.note },
  ],
  rows,
}

describe('xlsx export helper', () => {
  it('builds a workbook with a bold frozen header and the values, and reads it back', async () => {
    const buffer = await buildXlsx(sheet)
    expect(buffer.subarray(0, 2).toString()).toBe('PK')
    expect(await readXlsx(buffer)).toEqual([
      ['Nombre', 'Monto', 'Nota'],
      ['Ana', 100, null],
      ['José Ñúñez', 2500.5, 'con acento'],
    ])
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(buffer as unknown as ArrayBuffer)
    const worksheet = book.worksheets[0]!
    expect(worksheet.name).toBe('Donaciones de prueba')
    expect(worksheet.getRow(1).font?.bold).toBe(true)
    expect(worksheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
  })

  it('sends it as a download with the spreadsheet content type', async () => {
    const app = express()
    app.get('/x', async (_req, res) => sendXlsx(res, 'reporte "final"', await buildXlsx(sheet)))
    const server = await startHttpServer(app, { port: 0 })
    try {
      const response = await fetch(`${server.url}/x`)
      expect(response.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE)
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="reporte _final_.xlsx"')
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect((await readXlsx(Buffer.from(await response.arrayBuffer())))[1]).toEqual(['Ana', 100, null])
    } finally {
      await server.close()
    }
  })
})
