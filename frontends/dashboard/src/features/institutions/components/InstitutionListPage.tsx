export function InstitutionListPage() {
  return <main><h1>Instituciones</h1></main>
}
