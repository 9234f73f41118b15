import { createHash, randomUUID } from 'node:crypto'
import { filePath, fileUploaded, type FileRef } from '@donaciones/contracts'
import { newEvent, type ServiceContext } from '@donaciones/kit'
import { insertFileBlob } from './file-blobs.ts'

export interface UploadFileCommand {
  bytes: Buffer
  /** Detected from the content, never taken from the client. */
  contentType: string
  actor: string | null
  correlationId: string
}

/** Stores the bytes and records FileUploaded (without them) in one transaction. */
export async function uploadFile(context: ServiceContext, command: UploadFileCommand): Promise<FileRef> {
  const id = randomUUID()
  const path = filePath(id)
  const sha256 = createHash('sha256').update(command.bytes).digest('base64url')
  await context.store.transaction(async (tx) => {
    await insertFileBlob(tx, context.store.schema, id, { contentType: command.contentType, sha256, bytes: command.bytes })
    await context.store.appendIn(
      tx,
      `file-${id}`,
      [newEvent(fileUploaded, { fileId: id, path, contentType: command.contentType, size: command.bytes.length, uploadedBy: command.actor })],
      { expectedVersion: 0, metadata: { actor: command.actor, correlationId: command.correlationId } },
    )
  })
  return { _id: id, path }
}
