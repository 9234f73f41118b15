/**
 * A minimal stamped CFDI 4.0 of a donation (ingreso, use D04, the donatarias complement and a
 * TimbreFiscalDigital), as the charity's accountant would get it back from the PAC; not sealed for real.
 */
export function stampedCfdiXml(options: { receiverRfc: string; receiverName: string; total: number | string; issuerRfc?: string; uuid?: string }): string {
  // A number is written with its two decimals; a string exactly as given ('500.004', '500').
  const total = typeof options.total === 'number' ? options.total.toFixed(2) : options.total
  const uuid = options.uuid ?? '6F1A2B3C-4D5E-4F60-8172-93A4B5C6D7E8'
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:donat="http://www.sat.gob.mx/donat" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital"
  Version="4.0" Serie="D" Folio="1" Fecha="2026-01-15T10:00:00" SubTotal="${total}" Moneda="MXN" Total="${total}" TipoDeComprobante="I"
  Exportacion="01" MetodoPago="PUE" FormaPago="04" LugarExpedicion="06600" NoCertificado="00001000000500000000" Certificado="" Sello="">
  <cfdi:Emisor Rfc="${options.issuerRfc ?? 'FCA970701NN8'}" Nombre="FUNDACION EJEMPLO" RegimenFiscal="603"/>
  <cfdi:Receptor Rfc="${options.receiverRfc}" Nombre="${options.receiverName}" DomicilioFiscalReceptor="06600" RegimenFiscalReceptor="605" UsoCFDI="D04"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="84101600" Cantidad="1" ClaveUnidad="ACT" Descripcion="Donativo" ValorUnitario="${total}" Importe="${total}" ObjetoImp="01"/>
  </cfdi:Conceptos>
  <cfdi:Complemento>
    <donat:Donatarias version="1.1" noAutorizacion="600-04-02-2024-1234" fechaAutorizacion="2024-01-15" leyenda="Este comprobante ampara un donativo, el cual será destinado por la donataria a los fines propios de su objeto social."/>
    <tfd:TimbreFiscalDigital Version="1.1" UUID="${uuid}" FechaTimbrado="2026-01-15T10:00:05" RfcProvCertif="SAT970701NN3" SelloCFD="" NoCertificadoSAT="00001000000500000001" SelloSAT=""/>
  </cfdi:Complemento>
</cfdi:Comprobante>
`
}

/** A one-page PDF with a line of text: the stamped receipt's printed form. */
export const stampedReceiptPdf = Buffer.from(`%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
4 0 obj << /Length 44 >> stream
BT /F1 18 Tf 72 720 Td (Recibo deducible) Tj ET
endstream endobj
5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj
trailer << /Root 1 0 R >>
%%EOF
`)
