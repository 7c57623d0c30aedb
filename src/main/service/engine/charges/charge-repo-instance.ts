import { perDatabase } from '../repo-cache';
import { ChargeRepo } from './charge-repo';

/** The ChargeRepo of a database, built once so its statements are prepared once. */
export const chargeRepo = perDatabase((db) => new ChargeRepo(db));
