import type { ReferenceAnswer, ReferenceOperation } from '../lib/api-reference.ts'
import { DocText } from './DocText.tsx'
import { FieldTable } from './FieldTable.tsx'

function Answers({ answers }: { answers: readonly ReferenceAnswer[] }) {
  return (
    <ul className="api-answers">
      {answers.map((answer) => (
        <li key={answer.status}>
          <strong className="api-answers__status">{answer.status}</strong> <DocText text={answer.description} />
        </li>
      ))}
    </ul>
  )
}

/** One operation, closed to its method, path and summary; opened, everything the document says of it. */
export function OperationEntry({ operation }: { operation: ReferenceOperation }) {
  const { body } = operation
  return (
    <details className="api-operation">
      <summary className="api-operation__summary">
        <span className={`api-method api-method--${operation.method.toLowerCase()}`}>{operation.method}</span>
        <code className="api-operation__path">{operation.path}</code>
        <span className="api-operation__title">{operation.summary}</span>
      </summary>
      <div className="api-operation__body">
        {operation.description && <p><DocText text={operation.description} /></p>}
        <h4>Acceso</h4>
        <p>{operation.access}</p>
        {operation.accessNote && <p className="api-docs__muted"><DocText text={operation.accessNote} /></p>}
        {operation.parameters.length > 0 && (
          <>
            <h4>Parámetros</h4>
            <FieldTable fields={operation.parameters} place />
          </>
        )}
        {body && (
          <>
            <h4>Cuerpo ({body.media})</h4>
            {body.forms.length > 1 && <p className="api-docs__muted">Una de estas formas:</p>}
            {body.forms.map((fields, index) => (
              <div key={index} className="api-operation__form">
                {body.forms.length > 1 && <h5>Forma {index + 1}</h5>}
                <FieldTable fields={fields} />
              </div>
            ))}
          </>
        )}
        <h4>Respuesta</h4>
        <Answers answers={operation.answers} />
        <h4>Errores</h4>
        <Answers answers={operation.errors} />
      </div>
    </details>
  )
}
