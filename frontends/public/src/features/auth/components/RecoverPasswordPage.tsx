export function RecoverPasswordPage() {
  return <main><h1>Recuperar contraseña</h1></main>
}
