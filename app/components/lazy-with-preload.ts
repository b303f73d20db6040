import {
  type ComponentType,
  createElement,
  memo,
  type NamedExoticComponent,
  type ReactNode,
  Suspense,
  use,
} from "react";

export type PreloadableComponent<Props extends object> = NamedExoticComponent<Props> & {
  /** Starts fetching the component's code, for a shopper who is about to open it. */
  preload: () => void;
};

/**
 * A component kept out of the browser's first load: its code is fetched when it first renders
 * (showing `fallback` meanwhile) or, earlier, when `preload` is called on hover or focus of what
 * opens it.
 *
 * The server loads the code at start, so the component is in the page's HTML from the first
 * request and a page read without JavaScript is whole. In the browser the server's HTML stays
 * until the code arrives, and then comes alive with what the shopper already typed: the
 * component is memoised, because React replaces server HTML that is still waiting for its code
 * when the part is rendered again with new props.
 */
interface ComponentLoader<Props> {
  /** The component, once its code has arrived. */
  loaded?: ComponentType<Props>;
  load: () => Promise<ComponentType<Props>>;
}

function LoadedComponent<Props extends object>({
  loader,
  props,
}: {
  loader: ComponentLoader<Props>;
  props: Props;
}) {
  return createElement(loader.loaded ?? use(loader.load()), props);
}

export function lazyWithPreload<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): PreloadableComponent<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  const loader: ComponentLoader<Props> = {
    load: () => {
      loading ??= load().then(
        (component) => {
          loader.loaded = component;
          return component;
        },
        (error: unknown) => {
          loading = undefined; // a later render may try the network again
          throw error;
        },
      );
      return loading;
    },
  };
  if (import.meta.env.SSR) void loader.load();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per component at module level, as React.lazy is
  const Lazy = memo(function Lazy(props: Props) {
    return createElement(
      Suspense,
      { fallback },
      createElement(LoadedComponent<Props>, { loader, props }),
    );
  });
  return Object.assign(Lazy, { preload: () => void loader.load().catch(() => undefined) });
}
