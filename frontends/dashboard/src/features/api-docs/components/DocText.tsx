/** A description of the document: its `code spans` (the only CommonMark it uses) as <code>. */
export function DocText({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/)
  return <>{parts.map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}</>
}
