export function AdminListPage() {
  return <main><h1>Administradores</h1></main>
}
