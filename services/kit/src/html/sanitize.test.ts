import { describe, expect, it } from 'vitest'
import { isBlankHtml, sanitizeRichHtml } from './sanitize.ts'

describe('sanitizeRichHtml', () => {
  it('keeps what a rich-text editor produces', () => {
    const html =
      '<h1>Título</h1><h2>Sub</h2><p><strong>negrita</strong> <em>cursiva</em> <u>subrayado</u> <s>tachado</s></p>' +
      '<ul><li>uno</li></ul><ol start="2"><li>dos</li></ol><blockquote>cita</blockquote>' +
      '<p class="ql-align-center" style="text-align:center;color:#ff0000">centrado</p>' +
      '<a href="https://ayuda.mx/x" target="_blank">enlace</a> <a href="mailto:hola@ayuda.mx">correo</a>' +
      '<img src="https://cdn.ayuda.mx/a.png" alt="a"><img src="/api/files/3f2a-91/raw" alt="propia">' +
      '<table><thead><tr><th colspan="2">Encabezado</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>'
    const clean = sanitizeRichHtml(html)
    for (const fragment of [
      '<h1>Título</h1>',
      '<strong>negrita</strong>',
      '<em>cursiva</em>',
      '<u>subrayado</u>',
      '<ul><li>uno</li></ul>',
      '<ol start="2">',
      '<blockquote>cita</blockquote>',
      'class="ql-align-center"',
      'style="text-align:center;color:#ff0000"',
      '<a href="https://ayuda.mx/x" target="_blank" rel="noopener noreferrer">enlace</a>',
      '<a href="mailto:hola@ayuda.mx">correo</a>',
      '<img src="https://cdn.ayuda.mx/a.png" alt="a" />',
      '<img src="/api/files/3f2a-91/raw" alt="propia" />',
      '<th colspan="2">Encabezado</th>',
      '<td>1</td>',
    ]) {
      expect(clean).toContain(fragment)
    }
  })

  it.each([
    ['script tag', '<p>hola</p><script>alert(1)</script>', '<p>hola</p>'],
    ['nested script trick', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['event handler', '<img src="https://a.mx/x.png" onerror="alert(1)">', '<img src="https://a.mx/x.png" />'],
    ['handler on any tag', '<p onclick="alert(1)" onmouseover="x()">t</p>', '<p>t</p>'],
    ['javascript link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['mixed-case javascript', '<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['entity-encoded javascript', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['entity javascript colon', '<a href="javascript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['vbscript link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['data link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
    ['data image', '<img src="data:image/png;base64,iVBORw0KGgo=">', ''],
    ['svg image data', '<img src="data:image/svg+xml,<svg onload=alert(1)>">', ''],
    ['javascript image', '<img src="javascript:alert(1)">', ''],
    ['protocol-relative image', '<img src="//evil.example/x.png">', ''],
    ['own API path that is not a file', '<img src="/api/users/export">', ''],
    ['iframe', '<iframe src="https://evil.example"></iframe><p>t</p>', '<p>t</p>'],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>t</p>', '<p>t</p>'],
    ['svg element', '<svg onload="alert(1)"><circle /></svg><p>t</p>', '<p>t</p>'],
    ['style element', '<style>body{display:none}</style><p>t</p>', '<p>t</p>'],
    ['form', '<form action="https://evil.example"><input name="password"><button>ok</button></form>', 'ok'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>t</p>', '<p>t</p>'],
    ['base tag', '<base href="https://evil.example/"><p>t</p>', '<p>t</p>'],
    ['css url expression', '<p style="background-image:url(javascript:alert(1))">t</p>', '<p>t</p>'],
    ['css positioning overlay', '<div style="position:fixed;top:0;left:0;width:100%">t</div>', '<div style="width:100%">t</div>'],
    ['css expression', '<p style="color:expression(alert(1))">t</p>', '<p>t</p>'],
    ['site classes', '<p class="btn btn-primary ql-indent-1">t</p>', '<p class="ql-indent-1">t</p>'],
    ['target other than blank', '<a href="https://a.mx" target="_top" rel="opener">x</a>', '<a href="https://a.mx">x</a>'],
  ])('removes %s', (_name, hostile, expected) => {
    const clean = sanitizeRichHtml(hostile)
    expect(clean).toBe(expected)
    expect(clean.toLowerCase()).not.toMatch(/<script|onerror=|onload=|onclick=|javascript:|<iframe|data:/)
  })

  it('keeps text that only looks dangerous as text', () => {
    expect(sanitizeRichHtml('<p>1 &lt; 2 &amp;&amp; javascript es un lenguaje</p>')).toBe('<p>1 &lt; 2 &amp;&amp; javascript es un lenguaje</p>')
  })
})

describe('isBlankHtml', () => {
  it('tells empty editor output from content', () => {
    expect(isBlankHtml('')).toBe(true)
    expect(isBlankHtml('<p><br /></p><p>&nbsp;</p>')).toBe(true)
    expect(isBlankHtml('<p>hola</p>')).toBe(false)
    expect(isBlankHtml('<p><img src="/api/files/a/raw" /></p>')).toBe(false)
  })
})
