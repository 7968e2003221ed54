import { Apple, Baby, BookOpen, Package, Shirt, Smartphone, Sofa, ToyBrick, type LucideIcon } from 'lucide-react';

// The server names category icons (lucide names); unknown names draw the "other" box.
const ICONS: Record<string, LucideIcon> = {
  sofa: Sofa,
  shirt: Shirt,
  apple: Apple,
  'book-open': BookOpen,
  'toy-brick': ToyBrick,
  smartphone: Smartphone,
  baby: Baby,
  package: Package,
};

export function CategoryIcon({ name, className = 'icon' }: { name: string | undefined; className?: string }) {
  const Icon = (name && ICONS[name]) || Package;
  return <Icon className={className} aria-hidden="true" />;
}
