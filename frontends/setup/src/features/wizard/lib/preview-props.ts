/** Paths of the images uploaded so far, by form field, so previews survive step changes. */
export interface PreviewProps {
  previews: Partial<Record<string, string>>
  onPreview: (field: string, path: string) => void
}
