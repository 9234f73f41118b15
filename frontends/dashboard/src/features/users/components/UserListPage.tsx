export function UserListPage() {
  return <main><h1>Usuarios</h1></main>
}
