export function CategoryFormPage({ mode }: { mode: 'create' | 'edit' }) {
  return <main><h1>Categoría ({mode})</h1></main>
}
