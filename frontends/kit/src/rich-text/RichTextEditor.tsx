import { useEffect, useRef, useState } from 'react'
import Quill from 'quill'
import 'quill/dist/quill.snow.css'
import { imageFileProblem, uploadImage, UPLOAD_FAILED } from '@donaciones/web-kit'
import { toolbarFor, translateLinkTooltip, translateToolbar } from './toolbar.ts'
import './rich-text.css'

export interface RichTextEditorProps {
  /** HTML; '' when the editor is empty. */
  value: string
  onChange: (html: string) => void
  /** Accessible name of the editing area: give one of the two. */
  'aria-label'?: string
  'aria-labelledby'?: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
  /** Editing area height in pixels (the dashboard uses 650). */
  height?: number
  /** Adds the image button: images only, at most 5 MB, uploaded with the kit's uploadImage. */
  images?: boolean
  placeholder?: string
  onBlur?: () => void
}

/** True for HTML with no text and no image ('<p><br></p>' is what an empty Quill holds). */
export function isBlankHtml(html: string): boolean {
  return !/<img\s/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === ''
}

/** Quill 2 as a controlled React component. */
export function RichTextEditor(props: RichTextEditorProps) {
  const { value, height = 300, images = false, placeholder } = props
  const hostRef = useRef<HTMLDivElement>(null)
  const quillRef = useRef<Quill | null>(null)
  const latest = useRef(props)
  latest.current = props
  const [imageProblem, setImageProblem] = useState<string | null>(null)

  useEffect(() => {
    const host = hostRef.current
    if (!host) return
    const area = document.createElement('div')
    host.appendChild(area)
    const quill = new Quill(area, {
      theme: 'snow',
      ...(placeholder !== undefined && { placeholder }),
      modules: { toolbar: toolbarFor(images) },
    })
    quillRef.current = quill
    const toolbar = quill.getModule('toolbar') as { container?: HTMLElement; addHandler: (name: string, handler: () => void) => void }
    if (toolbar.container) translateToolbar(toolbar.container)
    translateLinkTooltip(quill.container)
    if (images) {
      toolbar.addHandler('image', () =>
        pickImage(quill, (problem) => setImageProblem(problem)),
      )
    }
    if (latest.current.value) quill.clipboard.dangerouslyPasteHTML(latest.current.value, 'silent')
    quill.on('text-change', () => {
      latest.current.onChange(currentHtml(quill))
    })
    quill.root.addEventListener('blur', () => latest.current.onBlur?.())
    return () => {
      quillRef.current = null
      host.innerHTML = ''
    }
  }, [images, placeholder])

  // The accessible name and state of the editing area follow the props.
  useEffect(() => {
    const root = quillRef.current?.root
    if (!root) return
    root.setAttribute('role', 'textbox')
    root.setAttribute('aria-multiline', 'true')
    setOrRemove(root, 'aria-label', props['aria-label'])
    setOrRemove(root, 'aria-labelledby', props['aria-labelledby'])
    setOrRemove(root, 'aria-describedby', props['aria-describedby'])
    setOrRemove(root, 'aria-invalid', props['aria-invalid'] ? 'true' : undefined)
  })

  // A value set from outside (a form reset, a loaded record) replaces the content.
  useEffect(() => {
    const quill = quillRef.current
    if (!quill) return
    if (currentHtml(quill) === value) return
    if (value === '') quill.setText('', 'silent')
    else quill.clipboard.dangerouslyPasteHTML(value, 'silent')
  }, [value])

  return (
    <div className="kit-rich-text" style={{ ['--kit-rich-text-height' as string]: `${height}px` }}>
      <div ref={hostRef} />
      {imageProblem && <div className="kit-field__error" role="alert">{imageProblem}</div>}
    </div>
  )
}

/** Quill 2.0.3 writes every space as &nbsp; (lines would never wrap): plain spaces instead. */
function currentHtml(quill: Quill): string {
  const html = quill.getSemanticHTML().replaceAll('&nbsp;', ' ')
  return isBlankHtml(html) ? '' : html
}

function setOrRemove(element: HTMLElement, name: string, value: string | undefined): void {
  if (value) element.setAttribute(name, value)
  else element.removeAttribute(name)
}

/** The image button: picks one image, checks type and size, uploads it and inserts its path. */
function pickImage(quill: Quill, report: (problem: string | null) => void): void {
  const input = document.createElement('input')
  input.type = 'file'
  input.accept = 'image/*'
  input.addEventListener('change', () => {
    const file = input.files?.[0]
    if (!file) return
    const problem = imageFileProblem(file)
    report(problem)
    if (problem) return
    const range = quill.getSelection(true)
    uploadImage(file).then(
      ({ path }) => {
        quill.insertEmbed(range.index, 'image', path, 'user')
        quill.setSelection(range.index + 1, 0, 'silent')
      },
      () => report(UPLOAD_FAILED),
    )
  })
  input.click()
}
