import {
  categoryActivationToggled,
  categoryCreated,
  categoryInputSchema,
  categoryRemoved,
  categoryUpdated,
  institutionActivationToggled,
  institutionCreated,
  institutionInputSchema,
  institutionRemoved,
  institutionUpdated,
  type EventDefinition,
} from '@donaciones/contracts'
import type { z } from 'zod'

/** Institutions and categories behave alike; this is everything that differs between them. */
export interface CatalogKind {
  kind: 'institution' | 'category'
  /** Permission module (spec §6) and history module. */
  module: 'institution' | 'category'
  path: string
  table: 'institutions' | 'categories'
  /** Name of the label field: institutions have a name, categories a title. */
  label: 'name' | 'title'
  idField: 'institutionId' | 'categoryId'
  input: z.ZodType<{ description: string } & Record<string, string>>
  created: EventDefinition
  updated: EventDefinition
  toggled: EventDefinition
  /** Undoes a creation (the setup wizard's); the record no longer exists. */
  removed: EventDefinition
  sheet: { name: string; labelHeader: string; fileName: string }
}

export const institutionKind: CatalogKind = {
  kind: 'institution',
  module: 'institution',
  path: '/api/institutions',
  table: 'institutions',
  label: 'name',
  idField: 'institutionId',
  input: institutionInputSchema,
  created: institutionCreated,
  updated: institutionUpdated,
  toggled: institutionActivationToggled,
  removed: institutionRemoved,
  sheet: { name: 'Instituciones', labelHeader: 'Nombre', fileName: 'instituciones' },
}

export const categoryKind: CatalogKind = {
  kind: 'category',
  module: 'category',
  path: '/api/categories',
  table: 'categories',
  label: 'title',
  idField: 'categoryId',
  input: categoryInputSchema,
  created: categoryCreated,
  updated: categoryUpdated,
  toggled: categoryActivationToggled,
  removed: categoryRemoved,
  sheet: { name: 'Categorías', labelHeader: 'Título', fileName: 'categorias' },
}
