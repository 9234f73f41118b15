export function CategoryListPage() {
  return <main><h1>Categorías</h1></main>
}
