import { useState, type ChangeEvent } from 'react'
// Through the package name, so the shared kit (one API client, one session) is used.
import { imageFileProblem, uploadImage, UPLOAD_FAILED } from '@donaciones/web-kit'

export interface UploadedImage {
  _id: string
  path: string
}

/**
 * The change handler of an image file input: checks the file (images only, 5 MB) and uploads
 * it, with the Spanish problem to show and whether an upload is running (also told to
 * `onUploadingChange`, for a form that waits for it).
 */
export function useImageUpload(onUploaded: (image: UploadedImage) => void | Promise<void>, onUploadingChange?: (uploading: boolean) => void) {
  const [uploading, setUploadingState] = useState(false)
  const setUploading = (value: boolean) => {
    setUploadingState(value)
    onUploadingChange?.(value)
  }
  const [problem, setProblem] = useState<string | null>(null)

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Cleared so that choosing the same file again (after an error) fires a change again.
    event.target.value = ''
    if (!file) return
    const fileProblem = imageFileProblem(file)
    setProblem(fileProblem)
    if (fileProblem) return
    setUploading(true)
    try {
      await onUploaded(await uploadImage(file))
    } catch {
      setProblem(UPLOAD_FAILED)
    } finally {
      setUploading(false)
    }
  }

  return { uploading, problem, choose: (event: ChangeEvent<HTMLInputElement>) => void choose(event) }
}
