import type { ReferenceField } from '../lib/api-reference.ts'
import { DocText } from './DocText.tsx'

/** A request's fields: name, type, whether required and their limits; a list, so it fits a phone. */
export function FieldTable({ fields, place }: { fields: readonly (ReferenceField & { place?: string })[]; place?: boolean }) {
  if (fields.length === 0) return <p className="api-docs__muted">Sin campos.</p>
  return (
    <ul className="api-fields">
      {fields.map((field) => (
        <li key={`${field.place ?? ''}${field.name}`} className="api-fields__item">
          <code className="api-fields__name">{field.name}</code>
          <span className="api-fields__type">
            {place && field.place ? `${field.place} · ` : ''}
            {field.type}
          </span>
          <span className={field.required ? 'api-fields__flag api-fields__flag--required' : 'api-fields__flag'}>{field.required ? 'obligatorio' : 'opcional'}</span>
          {field.detail && <span className="api-fields__detail"><DocText text={field.detail} /></span>}
        </li>
      ))}
    </ul>
  )
}
