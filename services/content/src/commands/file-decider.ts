import { ALREADY_EXISTS, fileUploaded, type EventDataOf } from '@donaciones/contracts'
import { conflict, isEvent, newEvent, type Decider } from '@donaciones/kit'

export type FileUpload = EventDataOf<typeof fileUploaded>

/** Whether the file's upload was recorded. */
export type FileState = { uploaded: boolean }

export const fileStream = (fileId: string) => `file-${fileId}`

/** The rules of one uploaded file (`file-<id>`): recorded once, never replaced (its bytes are kept under its id). */
export const fileDecider: Decider<FileUpload, FileState> = {
  initialState: { uploaded: false },
  evolve(state, event) {
    return isEvent(fileUploaded, event) ? { uploaded: true } : state
  },
  decide(command, state) {
    if (state.uploaded) throw conflict(ALREADY_EXISTS)
    return [newEvent(fileUploaded, command)]
  },
}
