export function UserHistoryPage() {
  return <main><h1>Histórico de eventos por usuario</h1></main>
}
