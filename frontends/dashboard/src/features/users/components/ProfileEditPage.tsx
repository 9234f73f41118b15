export function ProfileEditPage() {
  return <main><h1>Mi perfil</h1></main>
}
