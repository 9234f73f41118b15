export function ProfileViewPage() {
  return <main><h1>Perfil</h1></main>
}
