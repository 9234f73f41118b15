export function UserViewPage() {
  return <main><h1>Usuario</h1></main>
}
