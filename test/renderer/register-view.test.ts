import { describe, expect, it } from 'vitest';
import {
  isPinRefusal,
  operatorFormProblem,
  pinInput,
  registerBarItem,
  registerGate,
} from '#renderer/lib/register-view';
import type { Operator, RegisterState } from '#shared/counter/counter-api';

const marta: Operator = { id: 'op-1', name: 'Marta', role: 'MANAGER', createdAt: '2026-01-05T10:00:00.000Z' };
const session = { id: 's-1', tillName: 'Caixa 1', openedBy: 'Marta', openedAt: '2026-01-05T11:02:00.000Z' };
const fresh: RegisterState = { setUp: false, operators: [], tillName: 'Caixa 1' };
const signedOut: RegisterState = { setUp: true, operators: [marta], tillName: 'Caixa 1' };
const signedIn: RegisterState = { ...signedOut, current: marta };
const open: RegisterState = { ...signedIn, session };

describe('registerGate', () => {
  it('lets a counter without a manager sell as before', () => {
    expect(registerGate(null)).toBe('sell');
    expect(registerGate(fresh)).toBe('sell');
  });

  it('asks for an operator, then for an open register', () => {
    expect(registerGate(signedOut)).toBe('signIn');
    expect(registerGate({ ...signedOut, session })).toBe('signIn');
    expect(registerGate(signedIn)).toBe('openRegister');
    expect(registerGate(open)).toBe('sell');
  });
});

describe('registerBarItem', () => {
  it('says nothing before the register is set up', () => {
    expect(registerBarItem(fresh)).toBeNull();
    expect(registerBarItem(null)).toBeNull();
  });

  it('names the open session, its opening time and who is at the counter', () => {
    expect(registerBarItem(open)).toEqual({
      kind: 'open',
      since: session.openedAt,
      till: 'Caixa 1',
      operator: 'Marta',
    });
    expect(registerBarItem({ ...signedOut, session })).toEqual({
      kind: 'open',
      since: session.openedAt,
      till: 'Caixa 1',
    });
  });

  it('tells a closed register from nobody signed in', () => {
    expect(registerBarItem(signedIn)).toEqual({ kind: 'closed', operator: 'Marta' });
    expect(registerBarItem(signedOut)).toEqual({ kind: 'signedOut' });
  });
});

describe('operatorFormProblem', () => {
  const ok = { name: 'João', pin: '2468', pinAgain: '2468' };

  it('accepts a name and a 4 to 8 digit PIN typed twice', () => {
    expect(operatorFormProblem(ok)).toBeNull();
    expect(operatorFormProblem({ ...ok, pin: '12345678', pinAgain: '12345678' })).toBeNull();
  });

  it('finds the first problem in reading order', () => {
    expect(operatorFormProblem({ ...ok, name: '  ', pin: '1' })).toBe('nameRequired');
    expect(operatorFormProblem(ok, ['marta', ' JOÃO '])).toBe('nameTaken');
    expect(operatorFormProblem({ ...ok, pin: '123', pinAgain: '123' })).toBe('pinFormat');
    expect(operatorFormProblem({ ...ok, pin: '123456789', pinAgain: '123456789' })).toBe('pinFormat');
    expect(operatorFormProblem({ ...ok, pin: '12a4', pinAgain: '12a4' })).toBe('pinFormat');
    expect(operatorFormProblem({ ...ok, pinAgain: '2469' })).toBe('pinMismatch');
  });
});

describe('pinInput', () => {
  it('keeps digits only, eight at most', () => {
    expect(pinInput('12 a3-4')).toBe('1234');
    expect(pinInput('1234567890')).toBe('12345678');
  });
});

describe('isPinRefusal', () => {
  it('keeps wrong PINs, lockouts and unknown operators in the PIN dialog', () => {
    expect(isPinRefusal({ code: 'PIN_REFUSED', message: 'PIN incorreto para Marta', details: { name: 'Marta' } })).toBe(
      true,
    );
    expect(isPinRefusal({ code: 'OPERATOR_LOCKED', details: { name: 'Marta', seconds: 300 } })).toBe(true);
    expect(isPinRefusal({ code: 'OPERATOR_NOT_FOUND' })).toBe(true);
    expect(isPinRefusal({ code: 'NOT_A_MANAGER', details: { name: 'Ana' } })).toBe(true);
  });

  it('sends the action’s own errors back to its screen, whatever their old HTTP-like number', () => {
    expect(isPinRefusal({ code: 'CLOSE_NEEDS_CONFIRMATION', details: { warnings: [] } })).toBe(false);
    expect(isPinRefusal({ code: 'REFUND_TOO_LARGE', details: { refundable: 100 } })).toBe(false);
    // A sale not found was a 404 like a missing operator: the code tells them apart.
    expect(isPinRefusal({ code: 'SALE_NOT_FOUND', details: { correlationID: 'x' } })).toBe(false);
    expect(isPinRefusal({ code: 'HOST_UNREACHABLE' })).toBe(false);
    // Numbers mean nothing any more, nor does a thrown Error.
    expect(isPinRefusal({ message: 'PIN incorreto para Marta', status: 403 })).toBe(false);
    expect(isPinRefusal(new Error('PIN_REFUSED'))).toBe(false);
    expect(isPinRefusal('PIN_REFUSED')).toBe(false);
  });
});
