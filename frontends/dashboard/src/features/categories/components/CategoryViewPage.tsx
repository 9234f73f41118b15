export function CategoryViewPage() {
  return <main><h1>Categoría</h1></main>
}
