import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useNavigate } from '@donaciones/web-kit/router'
import { ROLE_FULL_ADMIN, ROLE_RESTRICTED_ADMIN, type AuthUser } from '@donaciones/contracts'
import { useSession } from '@donaciones/web-kit'

/** Avatar, name and the account dropdown of a signed-in user (spec §2.2). */
export function UserMenu({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const navigate = useNavigate()
  const isAdmin = user.role === ROLE_FULL_ADMIN || user.role === ROLE_RESTRICTED_ADMIN
  const avatar = user.thumbnail ?? user.picture
  const fullName = `${user.name} ${user.lastName}`.trim()

  useEffect(() => {
    if (!open) return
    const closeOutside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', closeOutside)
    // Focus the first entry so the menu is usable from the keyboard at once.
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    return () => document.removeEventListener('mousedown', closeOutside)
  }, [open])

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])
    const index = items.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape') {
      event.preventDefault()
      setOpen(false)
      buttonRef.current?.focus()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      items[(index + step + items.length) % items.length]?.focus()
    } else if (event.key === 'Tab') {
      setOpen(false)
    }
  }

  const signOut = async () => {
    setOpen(false)
    await useSession.getState().signOut()
    navigate('/')
  }

  return (
    <div className="public-user" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="public-user__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {avatar ? <img className="public-user__avatar" src={avatar} alt="" /> : <span className="public-user__avatar public-user__avatar--initial" aria-hidden="true">{user.name.charAt(0)}</span>}
        <span className="public-user__name">{fullName}</span>
        <span className="kit-visually-hidden">: menú de la cuenta</span>
      </button>
      {open && (
        <ul id={menuId} className="public-user__menu" role="menu" aria-label="Cuenta" onKeyDown={onMenuKey}>
          {isAdmin && (
            <>
              <li role="none"><Link role="menuitem" to="/dashboard" onClick={() => setOpen(false)}>Dashboard</Link></li>
              <li role="none"><Link role="menuitem" to="/dashboard/user-admin/profile/edit" onClick={() => setOpen(false)}>Mi perfil</Link></li>
            </>
          )}
          <li role="none"><button role="menuitem" type="button" onClick={() => void signOut()}>Cerrar sesión</button></li>
        </ul>
      )}
    </div>
  )
}
