import type { Sweeper } from '../context';
import { ServiceError } from '../errors';
import { ledger } from '../ledger/ledger';
import { pixKeyRepo } from '../pix-keys/pix-key-repo';
import { recordIncomingPix } from '../transactions/record-incoming-pix';
import { STABLECOIN_EVENTS } from './stablecoin-handlers';
import { stablecoinRepo, type DepositRow, type PayoutRow, type StablecoinRepo } from './stablecoin-repo';
import { serializeSubAccount } from './stablecoin-serializer';
import { walletAddress } from './stablecoin-wallets';

/**
 * The stablecoin transitions the sandbox's clock drives, each at its own due instant:
 * - a KYB in review is decided: REJECTED when its account register was rejected or deleted,
 *   CONFIRMED otherwise (the KYB reuses the register's KYC data), with its webhook;
 * - a PENDING deposit past its expiration is EXPIRED;
 * - an approved deposit settles: the BRL held on the company's account leaves it, and the
 *   stablecoin lands on the subaccount's INTERNAL balance, unless it was sent to a wallet of
 *   someone else's (destinationWalletAddress), where the sandbox cannot follow it;
 * - a payout's Pix settles: COMPLETED (its stablecoin was debited when it was created). A Pix key
 *   registered in this service receives the BRL as a Pix in (a transaction of the receiving
 *   company, its events included); any other key is at another bank, where the sandbox stops.
 */
export const stablecoinSweeper: Sweeper = {
  nextDeadline: (db) => stablecoinRepo(db).nextDeadline(),
  run(db, now, emit, _config, asReceiver) {
    const at = now.toISOString();
    const repo = stablecoinRepo(db);
    for (const row of repo.dueReviews(at)) {
      const register = repo.registerById(row.account_register_id);
      const status =
        register && register.deleted_at === null && register.status !== 'REJECTED' ? 'CONFIRMED' : 'REJECTED';
      if (!repo.decide(row.id, status, row.review_due_at!)) continue;
      const decided = repo.subAccountById(row.id)!;
      emit(
        row.company_id,
        status === 'CONFIRMED' ? STABLECOIN_EVENTS.subAccountConfirmed : STABLECOIN_EVENTS.subAccountRejected,
        { subAccount: serializeSubAccount(decided) },
      );
    }
    repo.expireDeposits(at);
    for (const deposit of repo.dueDeposits(at)) settleDeposit(db, repo, deposit);
    for (const payout of repo.duePayouts(at)) {
      if (repo.completePayout(payout.id, payout.settle_due_at!)) deliverInside(db, payout, asReceiver);
    }
  },
};

type Db = Parameters<Sweeper['run']>[0];

/** The payout's BRL as a Pix in to the company of this service holding its key, if one does. */
function deliverInside(db: Db, payout: PayoutRow, asReceiver: Parameters<Sweeper['run']>[4]): void {
  const key = pixKeyRepo(db).findAnywhere(payout.pix_key);
  if (!key) return;
  try {
    asReceiver(key.company_id, key.account_id, (receiver) => {
      const payer = receiver.tenancy.company(payout.company_id);
      recordIncomingPix(receiver, {
        pixKey: receiver.tenancy.pixKey(payout.pix_key),
        value: payout.output,
        payer: payer
          ? { name: payer.official_name, taxID: { taxID: payer.tax_id, type: payer.tax_id_type as 'BR:CNPJ' } }
          : { name: 'Stablecoin payout' },
        infoPagador: payout.pix_message ?? undefined,
      });
    });
  } catch (error) {
    // A receiver that refuses it (its account closed meanwhile) leaves the Pix outside, as at another bank.
    if (!(error instanceof ServiceError)) throw error;
  }
}

function settleDeposit(db: Db, repo: StablecoinRepo, deposit: DepositRow): void {
  const settledAt = deposit.settle_due_at!;
  if (!repo.completeDeposit(deposit.id, settledAt)) return;
  ledger(db).settleHold({ companyId: deposit.company_id, accountId: deposit.account_id }, deposit.value, {
    kind: 'PIX_OUT',
    causeId: deposit.id,
    at: settledAt,
  });
  const subAccount = repo.subAccountById(deposit.subaccount_id)!;
  const ownWallet = walletAddress(subAccount.sub_account_id, deposit.network);
  const toFloat =
    deposit.destination_wallet === null || deposit.destination_wallet.toLowerCase() === ownWallet.toLowerCase();
  if (!toFloat) return;
  repo.book({
    company_id: deposit.company_id,
    subaccount_id: deposit.subaccount_id,
    currency: deposit.currency,
    amount: deposit.output,
    kind: 'DEPOSIT',
    cause_id: deposit.id,
    created_at: settledAt,
  });
}
