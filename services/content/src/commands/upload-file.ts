import { createHash, randomUUID } from 'node:crypto'
import { filePath, type FileRef } from '@donaciones/contracts'
import { handleCommandIn, type ServiceContext } from '@donaciones/kit'
import { fileDecider, fileStream } from './file-decider.ts'
import { insertFileBlob } from './file-blobs.ts'

export interface UploadFileCommand {
  bytes: Buffer
  /** Detected from the content, never taken from the client. */
  contentType: string
  actor: string | null
  correlationId: string
}

/**
 * Stores the bytes and records FileUploaded (without them) in one transaction. The id is new, so
 * the stream is known to be empty: it is not read, and the append expects version 0.
 */
export async function uploadFile(context: ServiceContext, command: UploadFileCommand): Promise<FileRef> {
  const { store } = context
  const id = randomUUID()
  const path = filePath(id)
  const sha256 = createHash('sha256').update(command.bytes).digest('base64url')
  await store.transaction(async (tx) => {
    await insertFileBlob(tx, store.schema, id, { contentType: command.contentType, sha256, bytes: command.bytes })
    await handleCommandIn(
      store,
      tx,
      fileStream(id),
      fileDecider,
      { fileId: id, path, contentType: command.contentType, size: command.bytes.length, uploadedBy: command.actor },
      { metadata: { actor: command.actor, correlationId: command.correlationId }, history: [] },
    )
  })
  return { _id: id, path }
}
