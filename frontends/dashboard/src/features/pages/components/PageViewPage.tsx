export function PageViewPage() {
  return <main><h1>Página</h1></main>
}
