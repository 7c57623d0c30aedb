// Shard 2 of 4 of the seeded sync trials (see trial-suite.ts).
import { defineTrialShard } from './trial-suite';

defineTrialShard(1, 4);
