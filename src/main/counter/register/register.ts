// The counter's register: its operators and their PINs, who is signed in, the manager approvals,
// and the register sessions (abertura e fechamento de caixa). All in counter.db. Once the first
// manager exists the register is "set up": from then on every sale, refund and cancel names an
// operator and the open session, and the owner's actions need a manager's PIN.
import { randomUUID } from 'node:crypto';
import type {
  ManagerApproval,
  Operator,
  OperatorRole,
  RegisterSession,
  RegisterState,
} from '#shared/counter/counter-api';
import { CounterError } from '#shared/counter/counter-errors';
import type { Db } from '#lib/store/database';
import type { Attribution } from './sales-store-port';
import { OperatorsRepo, operatorView, type OperatorRow } from './operators-repo';
import { hashPin, pinMatches } from './pin-hash';
import { lockMsAfter, waitText } from './pin-lockout';
import { SessionsRepo, sessionView, type SessionRow } from './sessions-repo';

export const DEFAULT_TILL_NAME = 'Caixa 1';

export interface RegisterOptions {
  db: Db;
  now: () => Date;
  newId?: () => string;
}

export class Register {
  private readonly operators: OperatorsRepo;
  private readonly sessions: SessionsRepo;
  private readonly now: () => Date;
  private readonly newId: () => string;
  /** Who is at the counter. In memory on purpose: after a restart the cashier types the PIN again. */
  private currentId: string | undefined;
  /** PIN checks of one operator run one at a time, so parallel guesses cannot slip past the count. */
  private readonly checking = new Map<string, Promise<unknown>>();

  constructor(options: RegisterOptions) {
    this.operators = new OperatorsRepo(options.db);
    this.sessions = new SessionsRepo(options.db);
    this.now = options.now;
    this.newId = options.newId ?? randomUUID;
  }

  get setUp(): boolean {
    return this.operators.count() > 0;
  }

  state(): RegisterState {
    const now = this.now();
    const operators = this.operators
      .all()
      .filter((row) => !row.disabled_at)
      .map((row) => operatorView(row, now));
    const current = this.currentOperator();
    const open = this.sessions.open();
    return {
      setUp: this.setUp,
      operators,
      ...(current ? { current: operatorView(current, now) } : {}),
      ...(open ? { session: sessionView(open) } : {}),
      tillName: this.sessions.lastTillName() ?? DEFAULT_TILL_NAME,
    };
  }

  /** Every operator ever created, disabled ones too (reports name who did what). */
  allOperators(): Operator[] {
    const now = this.now();
    return this.operators.all().map((row) => operatorView(row, now));
  }

  async createOperator(
    input: { name: string; role: OperatorRole; pin: string },
    approval?: ManagerApproval,
  ): Promise<void> {
    let createdBy: string | null = null;
    if (this.setUp) {
      if (!approval) throw new CounterError('MANAGER_REQUIRED', { context: 'operators' });
      createdBy = (await this.approve(approval)).id;
    } else if (input.role !== 'MANAGER') {
      throw new CounterError('FIRST_OPERATOR_MANAGER');
    }
    if (this.operators.activeNamed(input.name))
      throw new CounterError(
        'OPERATOR_NAME_TAKEN',
        { name: input.name },
        `Já existe um operador chamado ${input.name}`,
      );
    const pin = await hashPin(input.pin);
    // Re-checked after the (slow) hash: two first-start setups at once must not make two "first" managers without approval.
    if (createdBy === null && this.setUp) throw new CounterError('MANAGER_REQUIRED', { context: 'operators' });
    this.operators.insert({
      id: this.newId(),
      name: input.name,
      role: input.role,
      pin_hash: pin.hash,
      pin_salt: pin.salt,
      pin_kdf: pin.kdf,
      created_at: this.now().toISOString(),
      created_by: createdBy,
    });
  }

  async disableOperator(operatorId: string, approval: ManagerApproval): Promise<void> {
    const manager = await this.approve(approval);
    const row = this.operators.get(operatorId);
    if (!row || row.disabled_at) throw new CounterError('OPERATOR_NOT_FOUND');
    if (row.role === 'MANAGER' && this.operators.activeManagers() <= 1) {
      throw new CounterError('LAST_MANAGER');
    }
    this.operators.disable(operatorId, manager.id, this.now().toISOString());
    if (this.currentId === operatorId) this.currentId = undefined;
  }

  async signIn(operatorId: string, pin: string): Promise<void> {
    const row = await this.checkPin(operatorId, pin);
    this.currentId = row.id;
  }

  signOut(): void {
    this.currentId = undefined;
  }

  /** A manager's approval of one action: the manager, or OPERATOR_NOT_FOUND, PIN_REFUSED, OPERATOR_LOCKED or NOT_A_MANAGER. */
  async approve(approval: ManagerApproval): Promise<OperatorRow> {
    const row = await this.checkPin(approval.operatorId, approval.pin);
    if (row.role !== 'MANAGER')
      throw new CounterError(
        'NOT_A_MANAGER',
        { name: row.name },
        `${row.name} não é gerente: peça o PIN de um gerente`,
      );
    return row;
  }

  openSession(input: { tillName?: string; openingNote?: string }): RegisterSession {
    const operator = this.requireOperator();
    const open = this.sessions.open();
    if (open)
      throw new CounterError(
        'REGISTER_ALREADY_OPEN',
        { tillName: open.till_name, openedBy: open.opened_by_name },
        `O caixa já está aberto (${open.till_name}, aberto por ${open.opened_by_name})`,
      );
    const id = this.newId();
    this.sessions.insert({
      id,
      till_name: input.tillName?.trim() || (this.sessions.lastTillName() ?? DEFAULT_TILL_NAME),
      opened_by: operator.id,
      opened_at: this.now().toISOString(),
      opening_note: input.openingNote?.trim() || null,
    });
    return sessionView(this.sessions.get(id)!);
  }

  openSessionRow(): SessionRow | undefined {
    return this.sessions.open();
  }

  session(id: string): SessionRow | undefined {
    return this.sessions.get(id);
  }

  closedSessions(limit = 50): RegisterSession[] {
    return this.sessions.closed(limit).map(sessionView);
  }

  /** The closed sessions' rows, newest first, with the summary each manager confirmed. */
  closedSessionRows(limit = 50): SessionRow[] {
    return this.sessions.closed(limit);
  }

  closeSession(sessionId: string, managerId: string, at: string, summaryJson: string): void {
    if (!this.sessions.close(sessionId, managerId, at, summaryJson)) {
      throw new CounterError('SESSION_ALREADY_CLOSED');
    }
  }

  /**
   * Who is selling, and in which session: undefined before the register is set up (nobody to
   * name yet); once it is, NOT_SIGNED_IN when nobody is signed in, REGISTER_CLOSED when no session is open.
   */
  attribution(): Attribution | undefined {
    if (!this.setUp) return undefined;
    const operator = this.requireOperator();
    const session = this.sessions.open();
    if (!session) throw new CounterError('REGISTER_CLOSED', { context: 'sell' });
    return { sessionId: session.id, operatorId: operator.id };
  }

  /**
   * Once the register is set up, the shop's figures (past sessions and their reports) are for the
   * operator at the counter: nobody signed in, nobody reads them (NOT_SIGNED_IN).
   */
  requireSignedIn(): void {
    if (this.setUp) this.requireOperator();
  }

  private currentOperator(): OperatorRow | undefined {
    if (!this.currentId) return undefined;
    const row = this.operators.get(this.currentId);
    return row && !row.disabled_at ? row : undefined;
  }

  private requireOperator(): OperatorRow {
    const row = this.currentOperator();
    if (!row) throw new CounterError('NOT_SIGNED_IN');
    return row;
  }

  /** The operator whose PIN this is, or OPERATOR_NOT_FOUND, PIN_REFUSED or OPERATOR_LOCKED; every wrong PIN is counted, and a locked operator is not checked at all. */
  private checkPin(operatorId: string, pin: string): Promise<OperatorRow> {
    const previous = this.checking.get(operatorId) ?? Promise.resolve();
    const check = previous.catch(() => undefined).then(() => this.checkPinNow(operatorId, pin));
    this.checking.set(operatorId, check);
    void check
      .finally(() => {
        if (this.checking.get(operatorId) === check) this.checking.delete(operatorId);
      })
      .catch(() => undefined);
    return check;
  }

  private async checkPinNow(operatorId: string, pin: string): Promise<OperatorRow> {
    const row = this.operators.get(operatorId);
    if (!row || row.disabled_at) throw new CounterError('OPERATOR_NOT_FOUND');
    const lockedMs = row.locked_until ? Date.parse(row.locked_until) - this.now().getTime() : 0;
    if (lockedMs > 0) throw lockedError(row.name, lockedMs);
    if (await pinMatches(pin, { hash: row.pin_hash, salt: row.pin_salt, kdf: row.pin_kdf })) {
      if (row.failed_attempts > 0 || row.locked_until) this.operators.resetWrongPins(row.id);
      return row;
    }
    const wrong = this.operators.countWrongPin(row.id);
    const lockMs = lockMsAfter(wrong);
    if (lockMs > 0) {
      this.operators.lockUntil(row.id, new Date(this.now().getTime() + lockMs).toISOString());
      throw lockedError(row.name, lockMs, true);
    }
    throw new CounterError('PIN_REFUSED', { name: row.name }, `PIN incorreto para ${row.name}`);
  }
}

function lockedError(name: string, ms: number, justNow = false): CounterError {
  const what = justNow ? 'PIN incorreto. Muitas tentativas erradas' : 'Muitas tentativas erradas de PIN';
  const details = { name, seconds: Math.ceil(ms / 1000), ...(justNow ? { context: 'justNow' as const } : {}) };
  return new CounterError('OPERATOR_LOCKED', details, `${what}: ${name} está bloqueado por ${waitText(ms)}.`);
}
