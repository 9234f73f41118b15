export function UserFormPage({ mode }: { mode: 'create' | 'edit' }) {
  return <main><h1>Usuario ({mode})</h1></main>
}
