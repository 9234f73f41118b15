export default function App() {
  return <main><h1>Configuración inicial</h1></main>
}
