/**
 * Upcasters of stored event payloads, one per change of an event's schema version. Events never
 * change: a payload written under an older version is brought up to the current one on every read
 * (the kit's event store and consumers call `upcastEventData`), live and in replay alike.
 */

const commentEntities: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

/**
 * Undoes exactly the escaping `CommentPosted` v1 comments were stored with (& < > " ' as
 * `&amp; &lt; &gt; &quot; &#39;`), in one pass, so `&amp;lt;` (a person who typed `&lt;`) becomes
 * `&lt;` again and nothing else (`&nbsp;`, `&#60;`) is touched: v1 never wrote them.
 */
export function unescapeV1Comment(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => commentEntities[entity] ?? entity)
}

/** CommentPosted v1 → v2: v1 stored the comment HTML-escaped, v2 stores it as the person typed it. */
export function commentPostedV1(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data
  const { comment } = data as { comment?: unknown }
  return typeof comment === 'string' ? { ...data, comment: unescapeV1Comment(comment) } : data
}
