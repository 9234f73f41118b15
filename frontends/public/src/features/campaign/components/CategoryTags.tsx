import type { Campaign } from '@donaciones/contracts'

export function CategoryTags({ categories }: { categories: Campaign['categories'] }) {
  if (categories.length === 0) return null
  return (
    <ul className="campaign-tags" aria-label="Categorías">
      {categories.map((category) => (
        <li key={category._id} className="campaign-tags__tag">{category.title}</li>
      ))}
    </ul>
  )
}
