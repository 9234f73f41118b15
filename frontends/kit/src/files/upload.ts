import { filePath, UPLOAD_IMAGE_MIME_TYPES, UPLOAD_MAX_BYTES } from '@donaciones/contracts'
import { apiRequest } from '../api/client.ts'

export const FILE_TOO_LARGE = 'El tamaño máximo permitido es de 5 MB'
export const FILE_NOT_IMAGE = 'Solo se permiten imágenes JPG, PNG, GIF o WEBP'
export const UPLOAD_FAILED = 'No se pudo subir la imagen. Intente de nuevo.'

/** Spanish message for a file the server would refuse, or null when it may be sent. */
export function imageFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (!(UPLOAD_IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return FILE_NOT_IMAGE
  if (file.size > UPLOAD_MAX_BYTES) return FILE_TOO_LARGE
  return null
}

/** POST /api/files: returns the file id and its public path. */
export async function uploadImage(file: File): Promise<{ _id: string; path: string }> {
  const form = new FormData()
  form.append('file', file, file.name)
  const { _id } = await apiRequest<{ _id: string }>('SAVE_FILE', '/files', { body: form, silent: true })
  return { _id, path: filePath(_id) }
}
