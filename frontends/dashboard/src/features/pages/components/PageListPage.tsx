export function PageListPage() {
  return <main><h1>Páginas</h1></main>
}
