/** The placeholder's one inline script; the CSP allows exactly it by its hash. */
export const placeholderScript = `
fetch('/api/counters/visits').then(function (r) { return r.json() }).then(function (body) {
  document.getElementById('visitas').textContent = String(body.total)
}).catch(function () { document.getElementById('visitas').textContent = 'no disponible' })
`

/** Shown at / until the front ends are built. */
export const placeholderPage = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plataforma de donaciones</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#222}code{background:#f3f3f3;padding:.1rem .3rem}</style>
</head>
<body>
<h1>Plataforma de donaciones</h1>
<p>El servidor está en funcionamiento. La interfaz web todavía no se ha construido.</p>
<p>Visitas registradas: <strong id="visitas">…</strong></p>
<script>${placeholderScript}</script>
</body>
</html>
`
