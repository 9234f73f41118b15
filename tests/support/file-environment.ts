import { afterAll } from 'vitest'
import { putBackEnvironment } from './environment.ts'

/**
 * Set up before every test file. The suites run their files one after another in a worker's one
 * process, without vitest's isolation (decision 125), so a variable a file set in `process.env`
 * (a provider's address, a short retry) would reach the files after it: the environment each file
 * found is put back when it ends, whatever the file changed and however.
 */
const found = { ...process.env }

afterAll(() => {
  putBackEnvironment(found)
})
