// Self time per function of a V8 CPU profile (the format of node --cpu-prof and the inspector's
// Profiler.stop), as a short table: what a closing note can quote without DevTools.

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface SelfTimeEntry {
  name: string;
  where: string;
  /** Share of all samples, 0..1. */
  share: number;
  ms: number;
}

/** Entries merged by function and place, largest self time first. */
export function selfTimes(profile: CpuProfile): SelfTimeEntry[] {
  const hits = new Map<number, number>();
  if (profile.samples) for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  else for (const node of profile.nodes) hits.set(node.id, node.hitCount ?? 0);
  const total = [...hits.values()].reduce((sum, n) => sum + n, 0);
  const durationMs = (profile.endTime - profile.startTime) / 1000;
  const parents = new Map<number, CpuProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node);
  const merged = new Map<string, SelfTimeEntry>();
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (count === 0) continue;
    let { functionName, url, lineNumber } = node.callFrame;
    // Time inside a native addon (SQLite's step, say) shows as a nameless frame without a script:
    // it is charged to the JavaScript function that called it, which says what the work was.
    const caller = parents.get(node.id);
    if (!functionName && !url && caller?.callFrame.url) {
      functionName = `(native) < ${caller.callFrame.functionName || '(anonymous)'}`;
      ({ url, lineNumber } = caller.callFrame);
    }
    const name = functionName || '(anonymous)';
    const where = url ? `${shortUrl(url)}:${lineNumber + 1}` : '';
    const key = `${name}@${where}`;
    const entry = merged.get(key) ?? { name, where, share: 0, ms: 0 };
    entry.share += count / total;
    entry.ms += (count / total) * durationMs;
    merged.set(key, entry);
  }
  return [...merged.values()].sort((a, b) => b.share - a.share);
}

export function summarizeProfile(profile: CpuProfile, top: number): string {
  return selfTimes(profile)
    .slice(0, top)
    .map(
      (entry) =>
        `${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.name}${entry.where ? `  ${entry.where}` : ''}`,
    )
    .join('\n');
}

function shortUrl(url: string): string {
  const marker = url.lastIndexOf('/node_modules/');
  if (marker >= 0) return url.slice(marker + 1);
  const src = url.indexOf('/src/');
  if (src >= 0) return url.slice(src + 1);
  return url.replace(/^file:\/\//, '');
}
