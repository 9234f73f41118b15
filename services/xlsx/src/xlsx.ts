import { SITE_TIME_ZONE } from '@donaciones/contracts'
import type { Response } from 'express'

/**
 * exceljs is loaded on the first export, not when a service starts: it is the heaviest module the
 * services load (about half a second), and most starts export nothing.
 */
const loadExcel = async () => (await import('exceljs')).default

/** MIME type of an .xlsx workbook. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export type XlsxCell = string | number | boolean | Date | null | undefined

export interface XlsxColumn<Row> {
  /** Column title as the user reads it (Spanish). */
  header: string
  value: (row: Row) => XlsxCell
  /** Width in characters; defaults to the longest of the header and the values (10 to 60). */
  width?: number
  /**
   * 'dateTime': the value is an instant (a Date, or ISO text as the read models keep it), written as a
   * real date cell on Mexico City's clock showing day and time; 'date': a calendar day ('YYYY-MM-DD',
   * or an instant's day in Mexico City) showing the day. A Date in any other column is a 'dateTime'.
   */
  type?: 'dateTime' | 'date'
}

/** Spec §1: 'DD/MM/YYYY, hh:mm A' when the time is shown, 'DD/MM/YYYY' otherwise. */
export const XLSX_DATE_TIME_FORMAT = 'dd/mm/yyyy", "hh:mm AM/PM'
export const XLSX_DATE_FORMAT = 'dd/mm/yyyy'

const siteClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/**
 * A spreadsheet has no time zones: a date cell holds what a clock reads. The instant's reading on
 * Mexico City's clock, as the UTC fields of a Date (exceljs writes those as they are).
 */
function onSiteClock(instant: Date, withTime: boolean): Date {
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(siteClock.formatToParts(instant).find((candidate) => candidate.type === type)?.value ?? 0)
  return withTime
    ? new Date(Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')))
    : new Date(Date.UTC(part('year'), part('month') - 1, part('day')))
}

const calendarDay = /^(\d{4})-(\d{2})-(\d{2})$/

/** A date column's cell as a date cell with its format; anything that is no date is written as it is. */
function dateCell(value: XlsxCell, type: 'dateTime' | 'date'): { value: XlsxCell; numFmt?: string } {
  const day = typeof value === 'string' ? calendarDay.exec(value) : null
  // A calendar day has no time and no zone: it is that day wherever it is read.
  if (day) return { value: new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))), numFmt: XLSX_DATE_FORMAT }
  const instant = typeof value === 'string' ? new Date(value) : value
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) return { value }
  return type === 'dateTime' ? { value: onSiteClock(instant, true), numFmt: XLSX_DATE_TIME_FORMAT } : { value: onSiteClock(instant, false), numFmt: XLSX_DATE_FORMAT }
}

function cellOf<Row>(column: XlsxColumn<Row>, row: Row): { value: XlsxCell; numFmt?: string } {
  const value = column.value(row)
  const type = column.type ?? (value instanceof Date ? 'dateTime' : undefined)
  return type ? dateCell(value, type) : { value }
}

export interface XlsxSheet<Row> {
  name: string
  columns: readonly XlsxColumn<Row>[]
  rows: readonly Row[]
}

function widthOf(cell: { value: XlsxCell; numFmt?: string }): number {
  if (cell.value === null || cell.value === undefined) return 0
  if (cell.value instanceof Date) return cell.numFmt === XLSX_DATE_FORMAT ? 12 : 20
  return String(cell.value).length
}

/** A one-sheet workbook with a bold, frozen header row; dates are real date cells on Mexico City's clock. */
export async function buildXlsx<Row>(sheet: XlsxSheet<Row>): Promise<Buffer> {
  const ExcelJS = await loadExcel()
  const workbook = new ExcelJS.Workbook()
  workbook.created = new Date()
  const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  const cells = sheet.rows.map((row) => sheet.columns.map((column) => cellOf(column, row)))
  worksheet.columns = sheet.columns.map((column, index) => {
    const values = cells.map((row) => widthOf(row[index] ?? { value: null }))
    const width = column.width ?? Math.min(60, Math.max(10, column.header.length + 2, ...values.map((value) => value + 2)))
    return { header: column.header, key: `c${index}`, width }
  })
  worksheet.getRow(1).font = { bold: true }
  for (const row of cells) {
    const added = worksheet.addRow(row.map((cell) => cell.value ?? null))
    row.forEach((cell, index) => {
      if (cell.numFmt) added.getCell(index + 1).numFmt = cell.numFmt
    })
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
  const ExcelJS = await loadExcel()
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

/** One cell as read back: its value, whether the spreadsheet holds it as a date, and its number format. */
export interface XlsxReadCell {
  value: XlsxCell
  isDate: boolean
  numFmt: string | undefined
}

/** Reads the first sheet's cells with their kind and format (header row included); for tests and checks. */
export async function readXlsxCells(workbook: Buffer | ArrayBuffer): Promise<XlsxReadCell[][]> {
  const ExcelJS = await loadExcel()
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(workbook as ArrayBuffer)
  const sheet = book.worksheets[0]
  if (!sheet) return []
  const rows: XlsxReadCell[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: XlsxReadCell[] = []
    for (let index = 1; index <= sheet.columnCount; index += 1) {
      const cell = row.getCell(index)
      const value = cell.value
      const read = value === null || value === undefined ? null : value instanceof Date || typeof value !== 'object' ? value : cell.text
      cells.push({ value: read, isDate: cell.type === ExcelJS.ValueType.Date, numFmt: cell.numFmt || undefined })
    }
    rows.push(cells)
  })
  return rows
}
