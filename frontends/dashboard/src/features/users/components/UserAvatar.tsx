import { initialsOf } from '../lib/user-picture.ts'
import './users.css'

/** A user's picture, or the initials when there is none (decorative: the name is shown next to it). */
export function UserAvatar({ name, lastName, picture, size = 'md' }: { name: string; lastName: string; picture: string | null; size?: 'md' | 'lg' }) {
  return picture ? (
    <img className={`user-avatar user-avatar--${size}`} src={picture} alt="" />
  ) : (
    <span className={`user-avatar user-avatar--${size} user-avatar--initials`} aria-hidden="true">{initialsOf(name, lastName)}</span>
  )
}
