export function HistoryPage() {
  return <main><h1>Histórico de eventos</h1></main>
}
