import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

export interface LazyScreen<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the screen's code now; resolves once it is there. */
  preload(): Promise<void>;
}

/**
 * A screen whose code is loaded on first need, so the sign-in page does not carry every screen's
 * code. Once loaded (by an earlier visit or `preload`), it renders straight away, without a
 * fallback frame; a mounted screen keeps one shape for its whole life, so its state survives.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => {
    loading ??= load().then((component) => (loaded = component));
    return loading;
  };
  const Deferred = lazy(async () => ({ default: await loadOnce() }));

  function Screen(props: P) {
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Deferred {...props} />
      </Suspense>
    );
  }
  Screen.preload = async () => {
    await loadOnce();
  };
  return Screen;
}
