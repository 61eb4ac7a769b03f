import { useEffect, useState, type ComponentType } from 'react';

/**
 * A component whose code loads apart from the screen's (the service worker's layer and the result toast once the
 * first screen has settled, the reality check with the first order): nothing is rendered until its module has
 * arrived. Unlike React.lazy it never suspends, so a load that fails (the phone went offline a moment after the
 * first screen) leaves it out instead of throwing: outside every error boundary, a lazy component's failed load
 * unmounted the whole app. It is tried again once the browser is back online.
 */
export function loadedLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const loadOnce = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  function LoadedLater(props: P) {
    const [component, setComponent] = useState<{ readonly Component: ComponentType<P> } | null>(() => (loaded ? { Component: loaded } : null));
    useEffect(() => {
      if (component) return;
      let mounted = true;
      const attempt = (): void => {
        loadOnce().then(
          (Component) => {
            if (mounted) setComponent({ Component });
          },
          () => {
            if (mounted) window.addEventListener('online', attempt, { once: true });
          },
        );
      };
      attempt();
      return () => {
        mounted = false;
        window.removeEventListener('online', attempt);
      };
    }, [component]);
    if (!component) return null;
    const { Component } = component;
    return <Component {...props} />;
  }
  return LoadedLater;
}
