import type { User } from '@donaciones/contracts'

/** The picture of a user: the uploaded thumbnail, else the social picture, else null. */
export const pictureOf = (user: Pick<User, 'thumbnail' | 'picture'>): string | null => user.thumbnail?.path ?? user.picture ?? null

export const initialsOf = (name: string, lastName: string): string =>
  `${name.trim().charAt(0)}${lastName.trim().charAt(0)}`.toLocaleUpperCase('es-MX')
