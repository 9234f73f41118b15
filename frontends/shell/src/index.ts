// Federation needs an asynchronous boundary before the shared modules are used.
import('./bootstrap.tsx')
