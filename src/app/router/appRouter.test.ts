import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../contract/common.ts';
import { createAppRouter } from './appRouter.ts';
import type { RouteScreen } from './matchScreen.ts';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Screen: ComponentType = () => null;
const config = (webName: string) => ({ web_name: webName }) as AppConfig;

/** A router whose config and screen loads wait for the test, one pending load per call. */
function held(initial: string, lastConfig: AppConfig | null = null) {
  const configs: ReturnType<typeof deferred<AppConfig | null>>[] = [];
  const screens: { screen: RouteScreen; load: ReturnType<typeof deferred<ComponentType>> }[] = [];
  const router = createAppRouter({
    initialEntries: [initial],
    lastConfig,
    loadConfig: () => {
      const d = deferred<AppConfig | null>();
      configs.push(d);
      return d.promise;
    },
    loadScreen: (screen) => {
      const load = deferred<ComponentType>();
      screens.push({ screen, load });
      return load.promise;
    },
  });
  return { router, configs, screens };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the app router', () => {
  it('shows a location only once its config and its screen code have both arrived', async () => {
    const { router, configs, screens } = held('/hq');
    expect(router.state.route).toBeNull();
    expect(screens.map((s) => s.screen)).toEqual(['hq']);
    screens[0]?.load.resolve(Screen);
    await flush();
    expect(router.state.route).toBeNull();
    configs[0]?.resolve(config('Brand'));
    await flush();
    expect(router.state.route).toMatchObject({ screen: 'hq', Component: Screen, config: { web_name: 'Brand' } });
    expect(router.state.route?.location.pathname).toBe('/hq');
    expect(router.state.pending).toBeNull();
    router.dispose();
  });

  it('keeps the current screen while the next loads, and lets a newer navigation overtake an older one', async () => {
    const { router, configs, screens } = held('/');
    configs[0]?.resolve(null);
    screens[0]?.load.resolve(Screen);
    await flush();
    const toLang = router.navigate('/lang');
    const toMy = router.navigate('/My/');
    expect(router.state.route?.screen).toBe('home');
    expect(router.state.pending?.pathname).toBe('/My/');
    // The newer navigation arrives first; the older one's late answer must not take the screen back.
    configs[2]?.resolve(null);
    screens[2]?.load.resolve(Screen);
    await Promise.all([toLang, toMy]);
    expect(router.state.route?.screen).toBe('my');
    configs[1]?.resolve(null);
    screens[1]?.load.resolve(Screen);
    await flush();
    expect(router.state.route?.screen).toBe('my');
    expect(router.state.pending).toBeNull();
    router.dispose();
  });

  it('commits a screen whose code failed to load without a component, and an unknown path as not found', async () => {
    const { router, configs, screens } = held('/wallet');
    configs[0]?.resolve(null);
    screens[0]?.load.reject(new TypeError('Failed to fetch dynamically imported module'));
    await flush();
    expect(router.state.route).toMatchObject({ screen: 'wallet', Component: null });
    void router.navigate('/no/such/page');
    expect(screens.at(-1)?.screen).toBe('notfound');
    router.dispose();
  });

  it("shows a repeat visit's first screen with the last visit's config, and takes this visit's when it arrives", async () => {
    const { router, configs, screens } = held('/hq', config('Last'));
    expect(configs).toHaveLength(1); // still fetched before the navigation
    screens[0]?.load.resolve(Screen);
    await flush();
    expect(router.state.route).toMatchObject({ screen: 'hq', config: { web_name: 'Last' } });
    configs[0]?.resolve(config('Fresh'));
    await flush();
    expect(router.state.route).toMatchObject({ screen: 'hq', config: { web_name: 'Fresh' } });
    // Later navigations wait for their config as before.
    void router.navigate('/My/');
    screens[1]?.load.resolve(Screen);
    await flush();
    expect(router.state.route?.screen).toBe('hq');
    configs[1]?.resolve(config('Next'));
    await flush();
    expect(router.state.route).toMatchObject({ screen: 'my', config: { web_name: 'Next' } });
    router.dispose();
  });

  it("keeps the last visit's config when this visit's fetch fails, and uses a fresh one that came before the code", async () => {
    const failed = held('/hq', config('Last'));
    failed.configs[0]?.resolve(null);
    failed.screens[0]?.load.resolve(Screen);
    await flush();
    expect(failed.router.state.route).toMatchObject({ config: { web_name: 'Last' } });
    failed.router.dispose();
    const early = held('/hq', config('Last'));
    early.configs[0]?.resolve(config('Fresh'));
    await flush();
    early.screens[0]?.load.resolve(Screen);
    await flush();
    expect(early.router.state.route).toMatchObject({ config: { web_name: 'Fresh' } });
    early.router.dispose();
  });
});
