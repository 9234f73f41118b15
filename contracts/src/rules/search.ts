/**
 * The form in which searches compare text: lower case, accents and the tilde removed, trimmed,
 * so 'educacion', 'EDUCACIÓN' and 'Educación' are one search. Shared by the campaign search, the
 * donation searches on the server and the dashboard's list searches.
 */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim()
}
