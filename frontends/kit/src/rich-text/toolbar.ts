/** Toolbar of every rich-text editor; images only when the editor may upload them. */
export function toolbarFor(images: boolean): unknown[] {
  return [
    [{ header: [1, 2, 3, false] }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ list: 'ordered' }, { list: 'bullet' }],
    [{ align: [] }],
    images ? ['link', 'image'] : ['link'],
    ['clean'],
  ]
}

const BUTTON_LABELS: Record<string, string> = {
  bold: 'Negrita',
  italic: 'Cursiva',
  underline: 'Subrayado',
  strike: 'Tachado',
  'list:ordered': 'Lista numerada',
  'list:bullet': 'Lista con viñetas',
  link: 'Insertar enlace',
  image: 'Insertar imagen',
  clean: 'Quitar formato',
}

const PICKER_LABELS: Record<string, string> = {
  header: 'Tipo de texto',
  align: 'Alineación',
}

/** Quill writes its format names as tooltips; these are the Spanish ones. */
export function translateToolbar(toolbar: HTMLElement): void {
  for (const button of Array.from(toolbar.querySelectorAll<HTMLButtonElement>('button'))) {
    const format = Array.from(button.classList).find((name) => name.startsWith('ql-'))?.slice(3) ?? ''
    const key = button.value ? `${format}:${button.value}` : format
    const label = BUTTON_LABELS[key] ?? BUTTON_LABELS[format]
    if (label) {
      button.setAttribute('aria-label', label)
      button.title = label
    }
  }
  for (const picker of Array.from(toolbar.querySelectorAll<HTMLElement>('.ql-picker'))) {
    const format = Array.from(picker.classList).find((name) => name.startsWith('ql-') && name !== 'ql-picker')?.slice(3) ?? ''
    const label = PICKER_LABELS[format]
    const trigger = picker.querySelector<HTMLElement>('.ql-picker-label')
    if (label && trigger) {
      trigger.setAttribute('aria-label', label)
      trigger.title = label
    }
  }
}

/** The link box of the snow theme: Spanish name and an example address instead of quilljs.com. */
export function translateLinkTooltip(container: HTMLElement): void {
  const input = container.querySelector<HTMLInputElement>('.ql-tooltip input[type=text]')
  if (!input) return
  input.setAttribute('data-link', 'https://')
  input.setAttribute('aria-label', 'Dirección del enlace')
}
