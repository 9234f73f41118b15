import sanitizeHtml from 'sanitize-html'

/** Our own uploaded images (`/api/files/{id}/raw`, see contracts `filePath`). */
const OWN_FILE_PATH = /^\/api\/files\/[A-Za-z0-9_-]{1,100}\/raw$/

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i]
const LENGTH = [/^\d{1,4}(\.\d{1,2})?(px|em|rem|%|pt)$/]

function isAllowedImageSource(src: string | undefined): boolean {
  if (!src) return false
  const value = src.trim()
  return /^https?:\/\/[^\s/]+/i.test(value) || OWN_FILE_PATH.test(value)
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'span', 'div',
    'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'small', 'mark',
    'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'type'],
    '*': ['style', 'class'],
  },
  // Editor classes (alignment, indentation, sizes) only; no site classes that could imitate the interface.
  allowedClasses: { '*': ['ql-*'] },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      'font-size': LENGTH,
      width: LENGTH,
      height: LENGTH,
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const attributes: sanitizeHtml.Attributes = { ...attribs }
      if (attributes.target !== undefined && attributes.target !== '_blank') delete attributes.target
      if (attributes.target === '_blank') attributes.rel = 'noopener noreferrer'
      else delete attributes.rel
      return { tagName, attribs: attributes }
    },
  },
  // An image must point at an http(s) address or at one of our own files; anything else is dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src),
}

/**
 * Rich HTML from an editor (pages, mission, campaign content), safe to store and render:
 * formatting, lists, links (http, https, mailto), images (http, https or `/api/files/{id}/raw`)
 * and tables survive; scripts, event handlers, `javascript:`/`data:` URLs, iframes, forms and
 * unsafe styles do not.
 */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, options).trim()
}

/** True when sanitised HTML carries no visible content (only empty tags and whitespace). */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === ''
}
