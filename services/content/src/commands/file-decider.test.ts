import { describe, it } from 'vitest'
import { filePath, fileUploaded } from '@donaciones/contracts'
import { newEvent, refuse } from '@donaciones/kit'
import { deciderSpec } from '@donaciones/kit/testing'
import { fileDecider, type FileUpload } from './file-decider.ts'

const fileId = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'
const upload: FileUpload = { fileId, path: filePath(fileId), contentType: 'image/png', size: 1024, uploadedBy: null }
const spec = deciderSpec(fileDecider)

describe('the file decider', () => {
  it('records an upload, bytes left out', () => {
    spec.given([]).when(upload).then([newEvent(fileUploaded, upload)])
  })

  it('refuses a second upload under the same id', () => {
    spec.given([newEvent(fileUploaded, upload)]).when({ ...upload, size: 2048 }).thenThrows(refuse.alreadyExists())
  })
})
