import { fileUploaded, type EventDataOf } from '@donaciones/contracts'
import { newEvent, refuse, type Decider } from '@donaciones/kit'

export type FileUpload = EventDataOf<typeof fileUploaded>

/** Whether the file's upload was recorded. */
export type FileState = { uploaded: boolean }

export const fileStream = (fileId: string) => `file-${fileId}`

/** The rules of one uploaded file (`file-<id>`): recorded once, never replaced (its bytes are kept under its id). */
export const fileDecider: Decider<FileUpload, FileState, typeof fileUploaded> = {
  events: [fileUploaded],
  initialState: { uploaded: false },
  evolve(_state, event) {
    switch (event.type) {
      case fileUploaded.type:
        return { uploaded: true }
    }
  },
  decide(command, state) {
    if (state.uploaded) throw refuse.alreadyExists()
    return [newEvent(fileUploaded, command)]
  },
}
