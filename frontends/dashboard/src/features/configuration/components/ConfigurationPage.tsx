export function ConfigurationPage() {
  return <main><h1>Configuración</h1></main>
}
