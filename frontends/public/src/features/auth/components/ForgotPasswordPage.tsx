export function ForgotPasswordPage() {
  return <main><h1>Olvidé mi contraseña</h1></main>
}
