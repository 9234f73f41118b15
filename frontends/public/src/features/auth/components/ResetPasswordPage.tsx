export function ResetPasswordPage() {
  return <main><h1>Cambiar contraseña</h1></main>
}
