// Shard 1 of 4 of the seeded sync trials (see trial-suite.ts).
import { defineTrialShard } from './trial-suite';

defineTrialShard(0, 4);
