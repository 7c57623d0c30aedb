// The cashier waits a moment for the service's first answer to a create or a refund: long enough
// that a healthy service's answer is on screen at once, short enough that an outage does not hold
// the customer (the create then goes offline, or shows "Conectando…").
import type { AttemptResult, CommandSender } from './command-sender';

export const DEFAULT_FIRST_ANSWER_WAIT_MS = 2_500;

export class FirstAnswer {
  constructor(
    private readonly sender: CommandSender,
    private readonly waitMs: number = DEFAULT_FIRST_ANSWER_WAIT_MS,
  ) {}

  /** The first answer to this sale's command `key` (its create by default), or undefined after the wait. */
  async wait(saleId: string, key: string = saleId): Promise<AttemptResult | undefined> {
    const wait = { over: false };
    const answered = this.answerTo(saleId, key, wait);
    this.sender.kick();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.waitMs);
    });
    try {
      return await Promise.race([answered, waited]);
    } finally {
      wait.over = true;
      clearTimeout(timer);
    }
  }

  /** Skips the answers to the sale's other commands; stops listening once nobody waits. */
  private async answerTo(saleId: string, key: string, wait: { over: boolean }): Promise<AttemptResult | undefined> {
    while (!wait.over) {
      const result = await this.sender.nextAttempt(saleId);
      if (result.idempotencyKey === key) return result;
    }
    return undefined;
  }
}
