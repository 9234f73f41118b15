/** Letter-size PDF with the voucher drawn as an image 130 mm wide (spec §2.3). */
export async function saveVoucherPdf(voucher: HTMLElement): Promise<void> {
  const [{ jsPDF }, { default: html2canvas }] = await Promise.all([import('jspdf'), import('html2canvas')])
  const canvas = await html2canvas(voucher, { scale: 2, backgroundColor: '#ffffff', useCORS: true, logging: false })
  const doc = new jsPDF({ unit: 'mm', format: 'letter' })
  const width = 130
  const height = (canvas.height * width) / canvas.width
  const left = (doc.internal.pageSize.getWidth() - width) / 2
  doc.addImage(canvas.toDataURL('image/png'), 'PNG', left, 20, width, height)
  doc.save('ficha-oxxo.pdf')
}
