/** @donaciones/web-kit/rich-text: the Quill editor (Quill is bundled only by the remotes that use it). */
export { RichTextEditor, isBlankHtml, type RichTextEditorProps } from './RichTextEditor.tsx'
export { RichTextField, type RichTextFieldProps } from './RichTextField.tsx'
