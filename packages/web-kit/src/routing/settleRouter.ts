import { createMemoryRouter, type RouteObject } from 'react-router';

/**
 * A memory router at `entry`, once its loaders (guards included) and lazy routes have run: what
 * a visitor opening that address would end up on. For route-map tests.
 */
export async function settleRouter(routes: RouteObject[], entry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  await new Promise<void>((resolve) => {
    const settled = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (settled()) return resolve();
    const stop = router.subscribe(() => {
      if (settled()) {
        stop();
        resolve();
      }
    });
  });
  return router;
}
