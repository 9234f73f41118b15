// Before any remote (and its copy of zod) loads: no `new Function` probe under the site's CSP.
import './zod-jitless.ts'
// Federation needs an asynchronous boundary before the shared modules are used.
import('./bootstrap.tsx')
