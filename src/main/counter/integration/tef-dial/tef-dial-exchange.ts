// The counter as a PDV's "Gerenciador Padrão": the file exchange of TEF Discado, which PDVs
// already speak for cards, answered with Pix. A PDV writes REQ/IntPos.001 (as IntPos.tmp, then
// renamed); it waits a few seconds for RESP/IntPos.Sts, which says the request was taken (its
// 000-000 and 001-000, echoed), and then, for as long as it takes, for RESP/IntPos.001 with the
// outcome. A CRT here is a sale made through the PDV API's own PdvSales, as an HTTP PDV's is: on
// the cashier's screen as if typed, and answered once it is paid, expired, cancelled or refused.
//
// The folder is polled, not watched: fs.watch misses changes on network shares, where a PDV's
// folder often is, and a request is a file every few minutes.
//
// Exactly once:
// - the status file is written before anything else, and the request file removed only after it
//   (and, for a CRT, after the request was kept in BALCAO/pendentes);
// - a CRT's order id is stable (tef-requests.ts), and PdvSales makes one sale per order id, so
//   the same file read twice is one sale; one read while its sale waits is not asked again;
// - a request kept in BALCAO is followed again when the counter starts, so a restart mid-sale
//   still answers it; it is dropped once its answer was written;
// - every answer is written whole (exchange-folder.ts).
import { CounterError, type CounterErrorCode } from '#shared/counter/counter-errors';
import type { Integration } from '../integration-tokens';
import type { PdvSale } from '../pdv-contract';
import { isFinal, type PdvSales } from '../pdv-sales';
import { readIntPos, writeIntPos } from './intpos';
import { doneFields, paidFields, refusalFields, statusFields, unpaidMessage, type Echo } from './intpos-answers';
import { ExchangeFolder, type PendingRequest, type RequestFile } from './exchange-folder';
import { requestOf } from './tef-requests';

/** The file exchange's integration row (integrations table): no token, the folder is its access. */
export const TEF_DIAL_INTEGRATION = { id: 'system:tef-dial', name: 'Troca de arquivos (TEF Discado)' } as const;

export interface TefDialOptions {
  folder: string;
  sales: Pick<PdvSales, 'create' | 'get' | 'waitForChange' | 'cancel'>;
  /** The file exchange's integration, made on first use (IntegrationTokens.system). */
  integration: () => Integration;
  now: () => Date;
  /** How often REQ is looked at; PDVs wait about 7 s for the status file. */
  pollMs?: number;
  log?: (line: string) => void;
}

const DEFAULT_POLL_MS = 250;
/** A file with no 999-999 unchanged this long is answered as malformed (it was not being written). */
const UNFINISHED_GRACE_MS = 1_500;
/** One long poll's wait on a sale; the loop asks again until the sale ends. */
const WAIT_MS = 30_000;

/** The operator's words for the refusals a CRT or CNC may meet. */
const REFUSALS: Partial<Record<CounterErrorCode, string>> = {
  SALE_ON_SCREEN: 'Outra venda aguarda pagamento no Balcão',
  NOT_SIGNED_IN: 'Nenhum operador entrou no Balcão',
  REGISTER_CLOSED: 'O caixa do Balcão está fechado',
  ORDER_ALREADY_PAID: 'Este pedido já foi pago com outro valor',
  ORDER_NOT_FOUND: 'Transação não encontrada no Balcão',
  SERVICE_NOT_CONFIGURED: 'O Balcão não está configurado para receber Pix',
  SERVICE_REFUSED: 'O serviço Pix recusou a cobrança',
  OFFLINE_SALE_REFUSED: 'Sem conexão: o Balcão não pode cobrar este valor agora',
  SALE_NOT_WAITING: 'A venda já terminou',
  TOKEN_REFUSED: 'A troca de arquivos foi revogada em Configurações, Integrações',
};

function messageOf(error: unknown): string {
  if (error instanceof CounterError) {
    const code = error.code as CounterErrorCode;
    return REFUSALS[code] ?? `Balcão recusou (${code})`;
  }
  return 'Erro no Balcão: tente de novo';
}

export class TefDialExchange {
  private readonly folder: ExchangeFolder;
  private readonly pollMs: number;
  private readonly log: (line: string) => void;
  /** Aborted by stop(): waits let go, and what waited stays in BALCAO for the next start. */
  private readonly stopping = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private tick: Promise<void> = Promise.resolve();
  /** The CRTs being followed, by order id: a request read again while its sale waits is not asked again. */
  private readonly working = new Map<string, Promise<void>>();
  /** A file with no trailer yet: first seen when, at what size and time. */
  private unfinished: { size: number; mtimeMs: number; since: number } | undefined;
  /** The last problem logged with the folder, so it is not logged again at every look. */
  private problem: string | undefined;

  constructor(private readonly options: TefDialOptions) {
    this.folder = new ExchangeFolder(options.folder);
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.log = options.log ?? ((line) => console.warn(line));
  }

  /** Follows what waited since the last run, then looks at REQ every pollMs. */
  start(): void {
    this.tick = this.resume().then(() => this.schedule(0));
  }

  /** Stops looking; the sales being followed stay in BALCAO, answered by the next start. */
  async stop(): Promise<void> {
    this.stopping.abort();
    clearTimeout(this.timer);
    await this.tick;
    await Promise.allSettled([...this.working.values()]);
  }

  private schedule(delay: number): void {
    if (this.stopping.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.tick = this.look()
        .then(
          () => (this.problem = undefined),
          (error: unknown) => this.trouble(error),
        )
        .then(() => this.schedule(this.pollMs));
    }, delay);
  }

  private async resume(): Promise<void> {
    try {
      for (const pending of await this.folder.pendings()) this.follow(pending, false);
    } catch (error) {
      this.trouble(error);
    }
  }

  /** A folder that cannot be used is said once, not at every look, until it works again. */
  private trouble(error: unknown): void {
    const line = `[tef-dial] ${this.options.folder}: ${describe(error)}`;
    if (line === this.problem) return;
    this.problem = line;
    this.log(line);
  }

  private async look(): Promise<void> {
    const file = await this.folder.request();
    if (!file) {
      this.unfinished = undefined;
      return;
    }
    const read = readIntPos(file.bytes);
    if (!read.ok && !read.complete && this.stillBeingWritten(file)) return;
    this.unfinished = undefined;
    const takenAt = this.options.now();
    const request = read.ok
      ? requestOf(read.fields, takenAt)
      : { kind: 'refused' as const, echo: requestOf(read.fields, takenAt).echo, reason: read.reason };
    // Taken: said at once, before anything is done about it.
    await this.folder.writeStatus(writeIntPos(statusFields(request.echo)), file.name);
    switch (request.kind) {
      case 'ATV':
        // The status file is all an ATV waits for.
        break;
      case 'CRT': {
        const pending: PendingRequest = {
          orderId: request.orderId,
          header: request.echo.header,
          id: request.echo.id,
          ...(request.echo.document ? { document: request.echo.document } : {}),
          value: request.echo.value ?? String(request.cents),
          cents: request.cents,
          name: file.name,
          takenAt: takenAt.toISOString(),
        };
        await this.folder.savePending(pending);
        await this.folder.removeRequest(file.name);
        this.follow(pending, true);
        return;
      }
      case 'CNC':
        await this.answer(file.name, await this.cancel(request.echo, request.nsu));
        break;
      case 'CNF':
      case 'NCN':
        await this.confirm(request.kind, request.transaction);
        break;
      case 'refused':
        this.log(`[tef-dial] ${file.name} refused: ${request.reason}`);
        await this.answer(file.name, refusalFields(request.echo, request.reason));
        break;
    }
    await this.folder.removeRequest(file.name);
  }

  /** True while a file with no trailer may still be being written: it changed, or is new. */
  private stillBeingWritten(file: RequestFile): boolean {
    const now = Date.now();
    const seen = this.unfinished;
    if (!seen || seen.size !== file.size || seen.mtimeMs !== file.mtimeMs) {
      this.unfinished = { size: file.size, mtimeMs: file.mtimeMs, since: now };
      return true;
    }
    return now - seen.since < UNFINISHED_GRACE_MS;
  }

  /** Follows a CRT's sale to its end and answers it (at most once at a time per order). */
  private follow(pending: PendingRequest, fresh: boolean): void {
    if (this.working.has(pending.orderId)) return;
    const work = this.charge(pending, fresh)
      .catch((error: unknown) => this.log(`[tef-dial] ${pending.orderId}: ${describe(error)}`))
      .finally(() => this.working.delete(pending.orderId));
    this.working.set(pending.orderId, work);
  }

  private async charge(pending: PendingRequest, fresh: boolean): Promise<void> {
    const { sales } = this.options;
    const echo: Echo = {
      header: pending.header,
      id: pending.id,
      ...(pending.document ? { document: pending.document } : {}),
      value: pending.value,
    };
    let answer;
    try {
      const integration = this.integration();
      let sale = fresh ? undefined : await this.current(integration, pending.orderId);
      // A new request, or one kept before its sale was made: the sale is made (or found) now.
      sale ??= (
        await sales.create(integration, {
          orderId: pending.orderId,
          value: pending.cents,
          description: pending.document ? `Cupom ${pending.document}` : 'PDV (TEF Discado)',
        })
      ).sale;
      while (!isFinal(sale)) {
        if (this.stopping.signal.aborted) return;
        sale = await sales.waitForChange(integration, pending.orderId, sale.version, WAIT_MS, this.stopping.signal);
      }
      answer = sale.status === 'PAID' ? paidFields(echo, sale) : refusalFields(echo, unpaidMessage(sale));
    } catch (error) {
      // Stopping: the request stays in BALCAO, for the next start to follow.
      if (this.stopping.signal.aborted) return;
      this.log(`[tef-dial] ${pending.orderId} refused: ${describe(error)}`);
      answer = refusalFields(echo, messageOf(error));
    }
    await this.answer(pending.name, answer);
    await this.folder.dropPending(pending.orderId);
  }

  /** The order's sale if it was made before the restart, else undefined (to be made now). */
  private async current(integration: Integration, orderId: string): Promise<PdvSale | undefined> {
    try {
      return await this.options.sales.get(integration, orderId);
    } catch (error) {
      if (error instanceof CounterError && error.code === 'ORDER_NOT_FOUND') return undefined;
      throw error;
    }
  }

  /**
   * CNC: the NSU this exchange answered is the order id. A sale still waiting is cancelled (its
   * code stops being payable); one that ended unpaid is already as good as cancelled; a paid Pix
   * cannot be taken back by the PDV: its money is in the shop's account, and only a refund, with
   * the manager's approval on the cashier's screen, returns it.
   */
  private async cancel(echo: Echo, nsu: string): Promise<ReturnType<typeof doneFields>> {
    try {
      const integration = this.integration();
      const sale = await this.options.sales.get(integration, nsu);
      if (sale.status === 'PAID')
        return refusalFields(echo, 'Pix pago não se cancela pelo PDV: faça a devolução no Balcão');
      if (sale.status === 'WAITING') {
        await this.options.sales.cancel(integration, nsu);
        // The CRT this exchange still follows is answered first (cancelled): RESP holds one
        // answer at a time, and the PDV, asking a CNC now, waits for the CNC's.
        await this.working.get(nsu);
      }
      return doneFields(echo, 'Venda cancelada', nsu);
    } catch (error) {
      return refusalFields(echo, messageOf(error));
    }
  }

  /**
   * CNF and NCN are recorded, and change nothing: a card transaction waits for the PDV's
   * confirmation and is undone without it, but a Pix is final once paid (there is no later undo
   * in the Pix arrangement, only a refund). An NCN for a paid Pix is therefore logged for the
   * shop to see: the money arrived and the PDV's fiscal document may not say so.
   */
  private async confirm(kind: 'CNF' | 'NCN', transaction: string): Promise<void> {
    const at = this.options.now().toISOString();
    await this.folder.record(`${at} ${kind} ${transaction || '(sem identificação)'}`);
    if (kind === 'NCN')
      this.log(
        `[tef-dial] the PDV did not confirm ${transaction || 'a transaction'}: a paid Pix is not undone; refund it on screen if it must be`,
      );
  }

  private async answer(requestName: string, fields: ReturnType<typeof doneFields>): Promise<void> {
    await this.folder.writeAnswer(writeIntPos(fields), requestName);
  }

  private integration(): Integration {
    const integration = this.options.integration();
    if (integration.revokedAt) throw new CounterError('TOKEN_REFUSED');
    return integration;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
