// Default category list (docs/product.md#categories), used until GET /api/categories is wired in and as its fallback.
// Names are translated through `categories.<id>`.
export type CategoryColor = 'primary' | 'secondary' | 'green' | 'yellow' | 'red' | 'purple' | 'blue' | 'teal';

export interface DefaultCategory {
  id: number;
  /** The icon's name, as the server names it (components/category-icon draws it). */
  icon: string;
  color: CategoryColor;
}

export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  { id: 1, icon: 'sofa', color: 'primary' },
  { id: 2, icon: 'shirt', color: 'secondary' },
  { id: 3, icon: 'apple', color: 'green' },
  { id: 4, icon: 'book-open', color: 'yellow' },
  { id: 5, icon: 'toy-brick', color: 'red' },
  { id: 6, icon: 'smartphone', color: 'purple' },
  { id: 7, icon: 'baby', color: 'blue' },
  { id: 8, icon: 'package', color: 'teal' },
];

export function categoryHref(id: number): string {
  return `/donations?category=${id}`;
}

/** A category as GET /api/categories answers it; `icon` is an icon name (lucide-style). */
export interface Category {
  id: number;
  name: string;
  icon: string;
  color: string;
}


/** The default list in the server's shape, used while GET /api/categories loads or if it fails. */
export const FALLBACK_CATEGORIES: readonly Category[] = [
  { id: 1, name: 'Meubles', icon: 'sofa', color: 'primary' },
  { id: 2, name: 'Vêtements', icon: 'shirt', color: 'secondary' },
  { id: 3, name: 'Aliments', icon: 'apple', color: 'green' },
  { id: 4, name: 'Livres', icon: 'book-open', color: 'yellow' },
  { id: 5, name: 'Jouets', icon: 'toy-brick', color: 'red' },
  { id: 6, name: 'Électronique', icon: 'smartphone', color: 'purple' },
  { id: 7, name: 'Bébé', icon: 'baby', color: 'blue' },
  { id: 8, name: 'Autres', icon: 'package', color: 'teal' },
];
