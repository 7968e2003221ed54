import { lazy, type ComponentType } from 'react';

/**
 * A component of a module loaded on demand, by its export's name; `preload` fetches it ahead.
 * Once loaded, React gets a thenable that answers at once and renders the component without its
 * placeholder: the first render (`preloadRoute`) replaces the server's first screen by the page.
 * For screens (app/router) and for the parts of a screen only some members see, so a visitor's
 * first download leaves them out (issue 44).
 */
export function lazyNamed<Name extends string, Props extends object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) {
  let loaded: ComponentType<Props> | undefined;
  const preload = () => load().then((module) => (loaded = module[name]));
  const component = lazy(() => {
    if (!loaded) return load().then((module) => ({ default: module[name] }));
    const module = { default: loaded };
    return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
  });
  return Object.assign(component, { preload });
}
