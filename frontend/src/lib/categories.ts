// Default category list (spec §3), used until GET /api/categories is wired in and as its fallback.
// Names are translated through `categories.<id>`.
export type CategoryColor = 'primary' | 'secondary' | 'green' | 'yellow' | 'red' | 'purple' | 'blue' | 'teal';

export interface DefaultCategory {
  id: number;
  icon: string;
  color: CategoryColor;
}

export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  { id: 1, icon: '🛋️', color: 'primary' },
  { id: 2, icon: '👕', color: 'secondary' },
  { id: 3, icon: '🍎', color: 'green' },
  { id: 4, icon: '📚', color: 'yellow' },
  { id: 5, icon: '🧸', color: 'red' },
  { id: 6, icon: '💻', color: 'purple' },
  { id: 7, icon: '🍼', color: 'blue' },
  { id: 8, icon: '📦', color: 'teal' },
];

export function categoryHref(id: number): string {
  return `/donations?category=${id}`;
}
