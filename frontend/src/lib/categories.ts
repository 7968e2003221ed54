import { CATEGORIES, type CategoryView } from '@hdiya/contracts';

// Default category list (docs/product.md#categories), used until GET /api/categories is wired in and as its fallback.
// Names are translated through `categories.<id>`.
export type CategoryColor = 'primary' | 'secondary' | 'green' | 'yellow' | 'red' | 'purple' | 'blue' | 'teal';

export interface DefaultCategory {
  id: number;
  /** The icon's name, as the server names it (components/category-icon draws it). */
  icon: string;
  color: CategoryColor;
}

/** The categories' ids, icons and colours, the contracts' own list (the home strip, "how it works"). */
export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = CATEGORIES.map(({ id, icon, color }) => ({ id, icon, color: color as CategoryColor }));

export function categoryHref(id: number): string {
  return `/donations?category=${id}`;
}

/** A category as GET /api/categories answers it; `icon` is an icon name (lucide-style). */
export type Category = CategoryView;

/** The default list in the server's shape, used while GET /api/categories loads or if it fails. */
export const FALLBACK_CATEGORIES: readonly Category[] = CATEGORIES;
