import ExcelJS from 'exceljs'
import type { Response } from 'express'

/** MIME type of an .xlsx workbook. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export type XlsxCell = string | number | boolean | Date | null | undefined

export interface XlsxColumn<Row> {
  /** Column title as the user reads it (Spanish). */
  header: string
  value: (row: Row) => XlsxCell
  /** Width in characters; defaults to the longest of the header and the values (10 to 60). */
  width?: number
}

export interface XlsxSheet<Row> {
  name: string
  columns: readonly XlsxColumn<Row>[]
  rows: readonly Row[]
}

function widthOf(cell: XlsxCell): number {
  if (cell === null || cell === undefined) return 0
  if (cell instanceof Date) return 12
  return String(cell).length
}

/** A one-sheet workbook with a bold, frozen header row. */
export async function buildXlsx<Row>(sheet: XlsxSheet<Row>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.created = new Date()
  const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  worksheet.columns = sheet.columns.map((column, index) => {
    const values = sheet.rows.map((row) => widthOf(column.value(row)))
    const width = column.width ?? Math.min(60, Math.max(10, column.header.length + 2, ...values.map((value) => value + 2)))
    return { header: column.header, key: `c${index}`, width }
  })
  worksheet.getRow(1).font = { bold: true }
  for (const row of sheet.rows) {
    worksheet.addRow(sheet.columns.map((column) => column.value(row) ?? null))
  }
  const data = await workbook.xlsx.writeBuffer()
  return Buffer.from(data as ArrayBuffer)
}

/** Sends a workbook as a download named `fileName` (.xlsx added when missing). */
export function sendXlsx(res: Response, fileName: string, workbook: Buffer): void {
  const name = fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`
  res
    .status(200)
    .set({
      'Content-Type': XLSX_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`,
      'Cache-Control': 'no-store',
    })
    .send(workbook)
}

/** Reads the first sheet back as rows of cell values (header row included); for tests and checks. */
export async function readXlsx(workbook: Buffer | ArrayBuffer): Promise<XlsxCell[][]> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(workbook as ArrayBuffer)
  const sheet = book.worksheets[0]
  if (!sheet) return []
  const rows: XlsxCell[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values: XlsxCell[] = []
    for (let index = 1; index <= sheet.columnCount; index += 1) {
      const cell = row.getCell(index)
      const value = cell.value
      if (value === null || value === undefined) values.push(null)
      else if (value instanceof Date || typeof value !== 'object') values.push(value)
      else values.push(cell.text)
    }
    rows.push(values)
  })
  return rows
}
