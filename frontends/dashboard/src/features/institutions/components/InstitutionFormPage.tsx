export function InstitutionFormPage({ mode }: { mode: 'create' | 'edit' }) {
  return <main><h1>Institución ({mode})</h1></main>
}
