import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import express from 'express'
import { startHttpServer } from '@donaciones/kit'
import { buildXlsx, readXlsx, readXlsxCells, sendXlsx, XLSX_CONTENT_TYPE, XLSX_DATE_FORMAT, XLSX_DATE_TIME_FORMAT } from './xlsx.ts'

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

  it('writes instants as real date cells on Mexico City\'s clock with day and time, and calendar days as days', async () => {
    interface Dated { at: string | Date | null; day: string }
    const dated: Dated[] = [
      // 18:30 UTC is 12:30 in Mexico City (UTC-6 all year since 2022).
      { at: '2026-01-15T18:30:00.000Z', day: '2026-05-10' },
      // 05:15 UTC on 1 July is still 30 June there.
      { at: new Date('2026-07-01T05:15:00.000Z'), day: '2026-06-01' },
      { at: null, day: 'sin fecha' },
    ]
    const buffer = await buildXlsx<Dated>({
      name: 'Fechas',
      rows: dated,
      columns: [
        { header: 'Fecha', value: (row) => row.at, type: 'dateTime' },
        { header: 'Publicación', value: (row) => row.day, type: 'date' },
        { header: 'Sin tipo', value: (row) => (row.at instanceof Date ? row.at : null) },
      ],
    })
    const cells = await readXlsxCells(buffer)
    expect(cells[1]?.[0]).toEqual({ value: new Date(Date.UTC(2026, 0, 15, 12, 30)), isDate: true, numFmt: XLSX_DATE_TIME_FORMAT })
    expect(cells[2]?.[0]).toEqual({ value: new Date(Date.UTC(2026, 5, 30, 23, 15)), isDate: true, numFmt: XLSX_DATE_TIME_FORMAT })
    expect(cells[3]?.[0]).toMatchObject({ value: null, isDate: false })
    expect(cells[1]?.[1]).toEqual({ value: new Date(Date.UTC(2026, 4, 10)), isDate: true, numFmt: XLSX_DATE_FORMAT })
    expect(cells[3]?.[1]).toEqual({ value: 'sin fecha', isDate: false, numFmt: undefined })
    // A Date in a column without a type is an instant too.
    expect(cells[2]?.[2]).toEqual({ value: new Date(Date.UTC(2026, 5, 30, 23, 15)), isDate: true, numFmt: XLSX_DATE_TIME_FORMAT })
    // What a spreadsheet shows: day, month and year, then the time (spec §1: 'DD/MM/YYYY, hh:mm A').
    expect(XLSX_DATE_TIME_FORMAT).toBe('dd/mm/yyyy", "hh:mm AM/PM')
  })
})

describe('loading', () => {
  it('leaves exceljs out of a starting platform: it is loaded on the first export', () => {
    const platform = fileURLToPath(new URL('../../../platform/src/embedded-platform.ts', import.meta.url))
    const script = `
      import { createRequire } from 'node:module'
      await import(${JSON.stringify(platform)})
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('/node_modules/exceljs/'))
      process.stdout.write(String(loaded.length))`
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { encoding: 'utf8' })
    expect(Number(output)).toBe(0)
  })
})
