export function InstitutionViewPage() {
  return <main><h1>Institución</h1></main>
}
