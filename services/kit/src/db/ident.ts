/** Quotes an SQL identifier we build from configuration (schema names), never from user input. */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Identificador SQL no válido: ${name}`)
  return `"${name}"`
}
