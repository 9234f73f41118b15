// JsBarcode's Code 128 encoder alone (no renderer): the bars as a string of '1' and '0' modules.
declare module 'jsbarcode/bin/barcodes/CODE128/index.js' {
  export class CODE128 {
    constructor(data: string, options: object)
    valid(): boolean
    encode(): { text: string; data: string }
  }
}
