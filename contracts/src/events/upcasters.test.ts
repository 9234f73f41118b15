import { describe, expect, it } from 'vitest'
import { commentPosted } from './campaign.ts'
import { upcastEventData } from './envelope.ts'
import { findEventDefinition } from './registry.ts'
import { unescapeV1Comment } from './upcasters.ts'

/** What the comment command stored before v2 (services/campaign, until CommentPosted v2). */
function escapedAsV1(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string)
}

const ids = { commentId: '0b7c2c9e-1a51-4b0e-8f3e-3f1f0f6f7a10', campaignId: '4b7c2b1e-5a6f-4a53-9a55-0b4f3b7b0c11', authorId: '6f1c5d8e-9a0b-4c3d-8e4f-5a6b7c8d9e0f' }

describe('CommentPosted: v1 stored the comment HTML-escaped, v2 as typed', () => {
  it('is at version 2 with an upcaster from version 1, found by the registry', () => {
    expect(commentPosted.v).toBe(2)
    expect(Object.keys(commentPosted.upcasters)).toEqual(['1'])
    expect(findEventDefinition('campaign', 'CommentPosted')).toBe(commentPosted)
  })

  it('reads a v1 comment as the person typed it', () => {
    const stored = { ...ids, comment: 'Tom &amp; Jerry &lt;b&gt;negritas&lt;/b&gt;' }
    expect(upcastEventData(commentPosted, 1, stored)).toEqual({ ...ids, comment: 'Tom & Jerry <b>negritas</b>' })
    expect(upcastEventData(commentPosted, 1, { ...ids, comment: '&quot;comillas&quot; &amp; &#39;apóstrofos&#39;' }).comment).toBe(`"comillas" & 'apóstrofos'`)
  })

  it('undoes exactly the old escaping, whatever was typed: v1 text round-trips', () => {
    for (const typed of ['Tom & Jerry <b>negritas</b>', '&amp; escrito a mano', '&lt;b&gt;', '&&&;;', 'a &amp;amp; b', '&#39; y &#x27;', '<script>alert("x")</script>', 'sin nada especial', '']) {
      expect(unescapeV1Comment(escapedAsV1(typed))).toBe(typed)
      expect(upcastEventData(commentPosted, 1, { ...ids, comment: escapedAsV1(typed) }).comment).toBe(typed)
    }
  })

  it('touches no entity the old code never wrote', () => {
    expect(unescapeV1Comment('&nbsp;&#60;&#x3C;&apos;&copy;')).toBe('&nbsp;&#60;&#x3C;&apos;&copy;')
  })

  it('leaves a v2 comment as it is: a person who typed "&amp;" keeps it', () => {
    const typed = { ...ids, comment: 'Escribo &amp; y &lt;b&gt; a propósito' }
    expect(upcastEventData(commentPosted, 2, typed)).toEqual(typed)
  })
})
