// Nothing acknowledged is ever lost (issue 14): concurrent POST /api/v1/charge against a served
// sandbox on a file database, `kill -9` of the server at a random moment, restart, and check:
// - every charge answered 200 before the kill is there, with its value and its CHARGE_CREATED
//   outbox row (the record and its event commit together);
// - nothing is duplicated: retrying every request whose answer was lost (return_existing=true,
//   as a careful client would) gives back the same charge, never a second one;
// - `PRAGMA integrity_check` is ok and the WAL recovers.
// Seeded: KILL_TRIAL_SEED=… KILL_TRIAL_COUNT=1 replays one trial.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '#test/support/prng';
import { remoteCall } from '#test/support/remote-api';
import { startRemote, type RemoteProcess } from '#test/support/remote-process';

const SEED = Number(process.env.KILL_TRIAL_SEED ?? 20261124);
const TRIALS = Number(process.env.KILL_TRIAL_COUNT ?? 8);
const CONNECTIONS = 32;

interface Attempt {
  correlationID: string;
  value: number;
  /** 'acked': 200 came back; 'refused': a 4xx came back; 'lost': the connection died without an answer. */
  outcome: 'acked' | 'refused' | 'lost';
}

/** Each of `CONNECTIONS` loops creates charges one after another until the server dies. */
async function loadUntilKilled(remote: RemoteProcess, trial: number, killAfterMs: number): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  let stop = false;
  let sequence = 0;
  const loop = async (lane: number) => {
    while (!stop) {
      const correlationID = `kill-${trial}-${lane}-${sequence++}`;
      const value = 100 + (sequence % 9_900);
      try {
        const reply = await remoteCall(remote, '/api/v1/charge', {
          method: 'POST',
          body: { correlationID, value, comment: 'kill -9 trial' },
          signal: AbortSignal.timeout(10_000),
        });
        attempts.push({ correlationID, value, outcome: reply.status === 200 ? 'acked' : 'refused' });
        if (reply.status !== 200) throw new Error(`unexpected ${reply.status}: ${JSON.stringify(reply.body)}`);
      } catch (error) {
        if (attempts.at(-1)?.correlationID !== correlationID) attempts.push({ correlationID, value, outcome: 'lost' });
        if (!stop && remote.running) throw error;
        return;
      }
    }
  };
  const lanes = Array.from({ length: CONNECTIONS }, (_, lane) => loop(lane));
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  stop = true;
  await remote.kill('SIGKILL');
  await Promise.all(lanes);
  return attempts;
}

describe('kill -9 of the served sandbox under concurrent charge creation', () => {
  let remote: RemoteProcess;

  beforeAll(async () => {
    remote = await startRemote();
  });

  afterAll(async () => {
    await remote?.dispose();
  });

  it(
    `keeps every acknowledged charge, once, over ${TRIALS} trials (seed ${SEED})`,
    { timeout: 60_000 + TRIALS * 20_000 },
    async () => {
      const random = new SeededRandom(SEED);
      let ackedTotal = 0;
      let lostTotal = 0;
      for (let trial = 0; trial < TRIALS; trial++) {
        const killAfterMs = random.int(30, 700);
        const attempts = await loadUntilKilled(remote, trial, killAfterMs);
        const acked = attempts.filter((attempt) => attempt.outcome === 'acked');
        const lost = attempts.filter((attempt) => attempt.outcome === 'lost');
        ackedTotal += acked.length;
        lostTotal += lost.length;
        const replay = `KILL_TRIAL_SEED=${SEED} (trial ${trial}, kill after ${killAfterMs} ms)`;
        expect(
          attempts.filter((attempt) => attempt.outcome === 'refused'),
          replay,
        ).toEqual([]);

        // The file as the crash left it: recovery of the WAL, then the integrity check.
        const db = new Database(remote.dbPath);
        try {
          expect(db.pragma('integrity_check', { simple: true }), replay).toBe('ok');
          // Read once per trial: a lookup per charge over the events would be quadratic.
          const values = new Map(
            db
              .prepare<[string], { correlation_id: string; value: number }>(
                'SELECT correlation_id, value FROM charges WHERE correlation_id LIKE ?',
              )
              .all(`kill-${trial}-%`)
              .map((row) => [row.correlation_id, row.value]),
          );
          const events = new Map(
            db
              .prepare<[], { id: string; n: number }>(
                `SELECT json_extract(payload, '$.charge.correlationID') AS id, COUNT(*) AS n FROM events
               WHERE name = 'OPENPIX:CHARGE_CREATED' GROUP BY id`,
              )
              .all()
              .map((row) => [row.id, row.n]),
          );
          for (const attempt of acked) {
            expect(values.get(attempt.correlationID), `${replay}: acknowledged ${attempt.correlationID}`).toBe(
              attempt.value,
            );
            expect(events.get(attempt.correlationID), `${replay}: CHARGE_CREATED of ${attempt.correlationID}`).toBe(1);
          }
          // A charge the crash kept without an answer still has its event: the two commit together.
          for (const id of values.keys()) expect(events.get(id), `${replay}: CHARGE_CREATED of ${id}`).toBe(1);
          const duplicates = db
            .prepare(
              `SELECT correlation_id FROM charges WHERE correlation_id LIKE 'kill-%' GROUP BY correlation_id HAVING COUNT(*) > 1`,
            )
            .all();
          expect(duplicates, replay).toEqual([]);
        } finally {
          db.close();
        }

        await remote.start();
        // A client that lost an answer sends the same request again, asking for the existing one.
        for (const attempt of lost) {
          const reply = await remoteCall(remote, '/api/v1/charge?return_existing=true', {
            method: 'POST',
            body: { correlationID: attempt.correlationID, value: attempt.value, comment: 'kill -9 trial' },
          });
          expect(reply.status, `${replay}: retry of ${attempt.correlationID}: ${JSON.stringify(reply.body)}`).toBe(200);
          expect(reply.body.charge.value, replay).toBe(attempt.value);
        }
        for (const attempt of [...acked, ...lost]) {
          const list = await remoteCall(remote, `/api/v1/charge/${encodeURIComponent(attempt.correlationID)}`);
          expect(list.status, `${replay}: ${attempt.correlationID}`).toBe(200);
        }
        const db2 = new Database(remote.dbPath, { readonly: true });
        try {
          const count = db2
            .prepare(`SELECT COUNT(*) AS n FROM charges WHERE correlation_id LIKE ?`)
            .get(`kill-${trial}-%`) as { n: number };
          expect(count.n, `${replay}: one charge per request sent`).toBe(acked.length + lost.length);
        } finally {
          db2.close();
        }
      }
      console.info(`kill -9 trials: ${TRIALS}, acknowledged ${ackedTotal}, answers lost ${lostTotal} (seed ${SEED})`);
      // The trials must have exercised both sides of the kill, or they proved nothing.
      expect(ackedTotal).toBeGreaterThan(TRIALS * 10);
      expect(lostTotal).toBeGreaterThan(0);
    },
  );
});
