// The one table of counter methods, as main fills and calls it: the handler groups must cover it
// exactly once (or the counter does not start), and the one adapter parses, admits, answers and
// maps errors the same way for every method.
import { describe, expect, it, vi } from 'vitest';
import { createCounterCall, type AccessGate } from '#counter/app/counter-call';
import { assembleHandlers } from '#counter/app/counter-handlers';
import type { CounterHandlers, HandlerGroup } from '#counter/ports/counter-handler-port';
import { CounterError } from '#shared/counter/counter-errors';
import { counterMethods, errorsOf } from '#shared/counter/counter-methods';
import { COUNTER_INVOKE_METHODS } from '#shared/counter/counter-channels';
import { openRuntime } from './runtime-fixture';

/** A group per half of the names, each handler answering its own name. */
function halves(): [HandlerGroup, HandlerGroup] {
  const names = Object.keys(counterMethods);
  const group = (part: string[]) =>
    Object.fromEntries(part.map((name) => [name, vi.fn(async () => ({ from: name }))])) as HandlerGroup;
  return [group(names.slice(0, 10)), group(names.slice(10))];
}

const fresh: AccessGate = { setUp: false, requireSignedIn: () => undefined, attribution: () => undefined };

describe('assembling the handler table at startup', () => {
  it('takes groups that handle every method exactly once', () => {
    const [first, second] = halves();
    const table = assembleHandlers({ first, second });
    expect(Object.keys(table).sort()).toEqual([...COUNTER_INVOKE_METHODS].sort());
  });

  it('throws on a method handled by two groups, naming both', () => {
    const [first, second] = halves();
    const duplicate = { getStatus: vi.fn(async () => ({})) } as unknown as HandlerGroup;
    expect(() => assembleHandlers({ first, second, 'another group': duplicate })).toThrow(
      /"getStatus" is handled twice \(first and another group\)/,
    );
  });

  it('throws on a method no group handles, naming it', () => {
    const [first, second] = halves();
    const { signOut: _dropped, ...withoutSignOut } = second;
    expect(Object.hasOwn(first, 'signOut')).toBe(false);
    expect(() => assembleHandlers({ first, second: withoutSignOut })).toThrow(/no handler for "signOut"/);
  });

  it('throws on a handler for a name the table does not know', () => {
    const [first, second] = halves();
    const stray = { deleteEverything: vi.fn() } as unknown as HandlerGroup;
    expect(() => assembleHandlers({ first, second, stray })).toThrow(
      /"deleteEverything" \(stray\) is not a counter method/,
    );
  });

  it('is what the runtime does: a real runtime starts, so its groups are complete and disjoint', async () => {
    const fixture = openRuntime();
    try {
      expect((await fixture.runtime.call('getStatus', undefined)).ok).toBe(true);
    } finally {
      await fixture.dispose();
    }
  });
});

describe('the one adapter', () => {
  function callWith(overrides: Partial<CounterHandlers>, gate: AccessGate = fresh, checkAnswers = false) {
    const [first, second] = halves();
    const handlers = { ...assembleHandlers({ first, second }), ...overrides };
    return { handlers, call: createCounterCall({ handlers, gate, checkAnswers, log: () => undefined }) };
  }

  it('refuses an unknown name without touching any handler', async () => {
    const { call } = callWith({});
    for (const name of ['deleteEverything', '__proto__', 'constructor', 'onEvent']) {
      expect(await call(name, {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    }
  });

  it('checks access before the handler runs: the open register for selling, a manager for a refund', async () => {
    const closed: AccessGate = {
      setUp: true,
      requireSignedIn: () => undefined,
      attribution: () => {
        throw new CounterError('REGISTER_CLOSED', { context: 'sell' });
      },
    };
    const { call, handlers } = callWith({}, closed);
    expect(await call('createSale', { value: 100 })).toEqual({
      ok: false,
      error: { code: 'REGISTER_CLOSED', details: { context: 'sell' } },
    });
    expect(handlers.createSale).not.toHaveBeenCalled();

    const selling: AccessGate = { ...closed, attribution: () => ({ sessionId: 's', operatorId: 'o' }) };
    const open = callWith({}, selling);
    expect(await open.call('refundSale', { correlationID: 'a', value: 1, reason: 'x' })).toEqual({
      ok: false,
      error: { code: 'MANAGER_REQUIRED', details: { context: 'refund' } },
    });
    expect(open.handlers.refundSale).not.toHaveBeenCalled();
    // Who sells reaches the handler with the input.
    await open.call('createSale', { value: 100 });
    expect(open.handlers.createSale).toHaveBeenCalledWith({ value: 100 }, { by: { sessionId: 's', operatorId: 'o' } });
    // The language alone needs no manager (settings-approval.ts), anything else does.
    expect((await open.call('saveSettings', { locale: 'en' })).ok).toBe(true);
    expect(await open.call('saveSettings', { merchantName: 'Outra' })).toMatchObject({
      ok: false,
      error: { code: 'MANAGER_REQUIRED', details: { context: 'settings' } },
    });
  });

  it('with checkAnswers, refuses an answer its output schema does not describe', async () => {
    const leaky = vi.fn(async () => ({ cancelled: true, pinHash: 'x' }));
    const { call } = callWith({ cancelSale: leaky }, fresh, true);
    expect(await call('cancelSale', { correlationID: 'a' })).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', message: expect.stringMatching(/answer of cancelSale does not match its schema/) },
    });
    // Without it (production), the answer goes as the handler gave it: typed, not parsed.
    const unchecked = callWith({ cancelSale: leaky });
    expect(await unchecked.call('cancelSale', { correlationID: 'a' })).toEqual({
      ok: true,
      value: { cancelled: true, pinHash: 'x' },
    });
  });

  it('with checkAnswers, refuses a code the method does not list', async () => {
    expect(errorsOf('getStatus').has('PIN_REFUSED')).toBe(false);
    const { call } = callWith(
      {
        getStatus: async () => {
          throw new CounterError('PIN_REFUSED', { name: 'Ana' });
        },
      },
      fresh,
      true,
    );
    expect(await call('getStatus', undefined)).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', message: 'getStatus answered PIN_REFUSED, which its table entry does not list' },
    });
  });

  it('lists, for every method, the refusals its access brings', () => {
    expect([...errorsOf('refundSale')]).toEqual(
      expect.arrayContaining(['NOT_SIGNED_IN', 'REGISTER_CLOSED', 'MANAGER_REQUIRED', 'PIN_REFUSED', 'INVALID_INPUT']),
    );
    expect(errorsOf('getSettings')).toEqual(new Set(['INVALID_INPUT', 'INTERNAL']));
  });
});
