/** Public path that serves an uploaded file's bytes. (Kept free of zod: the browser's start-up imports it.) */
export function filePath(fileId: string): string {
  return `/api/files/${fileId}/raw`
}
