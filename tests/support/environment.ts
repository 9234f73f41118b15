/** Makes `process.env` hold exactly `found` again: variables added since are removed, changed ones restored. */
export function putBackEnvironment(found: Readonly<Record<string, string | undefined>>): void {
  for (const name of Object.keys(process.env)) if (!(name in found)) delete process.env[name]
  for (const [name, value] of Object.entries(found)) if (value !== undefined) process.env[name] = value
}
