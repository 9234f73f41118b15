export function LoginPage() {
  return <main><h1>Iniciar sesión</h1></main>
}
