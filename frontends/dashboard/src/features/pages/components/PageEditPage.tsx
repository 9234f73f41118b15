export function PageEditPage() {
  return <main><h1>Editar página</h1></main>
}
