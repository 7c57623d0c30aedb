// The main process's side of the method table (src/shared/counter/counter-methods.ts): one handler per
// method, written in groups (the sale's, the register's, the sale on screen's) and assembled here
// into exactly one table. A method handled by two groups, or by none, or a name the table does not
// know, stops the counter at startup: with groups merged by spreading, the last one would win
// without a word.
import { counterMethods } from '#shared/counter/counter-methods';
import type { CounterHandlers, HandlerGroup } from '../ports/counter-handler-port';

/** Throws, naming the methods and groups, unless the groups handle every method exactly once. */
export function assembleHandlers(groups: Record<string, HandlerGroup>): CounterHandlers {
  const owner = new Map<string, string>();
  const problems: string[] = [];
  for (const [group, handlers] of Object.entries(groups)) {
    for (const name of Object.keys(handlers)) {
      if (!Object.hasOwn(counterMethods, name)) problems.push(`"${name}" (${group}) is not a counter method`);
      const first = owner.get(name);
      if (first !== undefined) problems.push(`"${name}" is handled twice (${first} and ${group})`);
      else owner.set(name, group);
    }
  }
  const missing = Object.keys(counterMethods).filter((name) => !owner.has(name));
  if (missing.length > 0) problems.push(`no handler for ${missing.map((name) => `"${name}"`).join(', ')}`);
  if (problems.length > 0) throw new Error(`The counter's handler table is wrong: ${problems.join('; ')}.`);
  return Object.assign({}, ...Object.values(groups)) as CounterHandlers;
}
