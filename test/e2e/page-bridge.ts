// One of the main process's methods, called through the page's own bridge (its token and its
// origin), as the page calls it. Free of vitest, so the bench (bench/pdv-to-qr.ts) calls it too.
import type { Page } from 'playwright-core';
import type { CounterApi } from '#shared/counter/counter-api';

/** The method's answer; a refusal throws with the bridge's status and body. */
export async function invokeOnPage<M extends keyof CounterApi>(
  page: Page,
  method: M,
  payload: unknown = {},
): Promise<Awaited<ReturnType<CounterApi[M]>>> {
  const answer = await page.evaluate(
    async ({ method, payload }) => {
      const scope = globalThis as unknown as {
        sessionStorage: { getItem(key: string): string };
        fetch(url: string, init: object): Promise<{ status: number; json(): Promise<unknown> }>;
      };
      const response = await scope.fetch(`/__balcao/invoke/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-balcao-token': scope.sessionStorage.getItem('balcao.token') },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, payload },
  );
  if (answer.status !== 200) throw new Error(`${method} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as Awaited<ReturnType<CounterApi[M]>>;
}
