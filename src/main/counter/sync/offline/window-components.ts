// Which instants fall inside which windows, as connected groups, without ever comparing every
// window with every instant (which would be O(k·l)). Pure: the offline matcher's value rule.
//
// The graph: a window and an instant are linked when the window contains the instant; a group
// (component) is what these links connect. On a line this graph has a simple shape, which is what
// makes a sort and one sweep enough:
//   - the instants of a group are a contiguous run of the sorted covered instants (every window on
//     a path between two instants covers everything between them);
//   - two consecutive covered instants p < q are in the same group exactly when one window holds
//     both (a path from p to q must cross the gap between them inside a single window, since no
//     covered instant lies in the gap), i.e. when the furthest end among windows starting at or
//     before p reaches q;
//   - a window belongs to the group of the first instant at or after its start, if that instant is
//     inside it; otherwise it contains no instant.
// Cost: two sorts, then linear: O(k log k + l log l). Group numbers follow the sorted instants, so
// they do not depend on the order of the inputs.

export interface TimeWindow {
  /** Milliseconds, inclusive. */
  start: number;
  /** Milliseconds, inclusive. */
  end: number;
}

export interface WindowComponents {
  /** Per instant (input order): its group, or -1 when no window contains it. */
  groupOfInstant: Int32Array;
  /** Per window (input order): its group, or -1 when it contains no instant. */
  groupOfWindow: Int32Array;
  groupCount: number;
}

export function windowComponents(windows: readonly TimeWindow[], instants: readonly number[]): WindowComponents {
  const instantOrder = sortedIndexes(instants.length, (i) => instants[i]!);
  const windowOrder = sortedIndexes(windows.length, (i) => windows[i]!.start);
  const { groupOfInstant, groupCount } = groupInstants(windows, windowOrder, instants, instantOrder);
  const groupOfWindow = placeWindows(windows, windowOrder, instants, instantOrder, groupOfInstant);
  return { groupOfInstant, groupOfWindow, groupCount };
}

/** One sweep over the sorted instants, tracking the furthest end of the windows started so far. */
function groupInstants(
  windows: readonly TimeWindow[],
  windowOrder: Int32Array,
  instants: readonly number[],
  instantOrder: Int32Array,
): { groupOfInstant: Int32Array; groupCount: number } {
  const groupOfInstant = new Int32Array(instants.length).fill(-1);
  let started = 0;
  let furthestEnd = Number.NEGATIVE_INFINITY;
  // The furthest end among windows started at or before the previous covered instant: whether
  // one window holds both it and the next covered instant.
  let previousReach = Number.NEGATIVE_INFINITY;
  let groupCount = 0;
  for (const index of instantOrder) {
    const at = instants[index]!;
    while (started < windowOrder.length && windows[windowOrder[started]!]!.start <= at) {
      furthestEnd = Math.max(furthestEnd, windows[windowOrder[started]!]!.end);
      started++;
    }
    if (furthestEnd < at) continue; // no window contains it
    if (previousReach < at) groupCount++; // no window bridges it to the previous covered instant
    groupOfInstant[index] = groupCount - 1;
    previousReach = furthestEnd;
  }
  return { groupOfInstant, groupCount };
}

/** Each window joins the group of the first instant at or after its start, when it contains it. */
function placeWindows(
  windows: readonly TimeWindow[],
  windowOrder: Int32Array,
  instants: readonly number[],
  instantOrder: Int32Array,
  groupOfInstant: Int32Array,
): Int32Array {
  const groupOfWindow = new Int32Array(windows.length).fill(-1);
  let next = 0; // windows come by start, so the first instant at or after it only moves forward
  for (const index of windowOrder) {
    const window = windows[index]!;
    while (next < instantOrder.length && instants[instantOrder[next]!]! < window.start) next++;
    if (next === instantOrder.length) break;
    const first = instantOrder[next]!;
    if (instants[first]! <= window.end) groupOfWindow[index] = groupOfInstant[first]!;
  }
  return groupOfWindow;
}

function sortedIndexes(length: number, key: (index: number) => number): Int32Array {
  const indexes = new Int32Array(length);
  for (let i = 0; i < length; i++) indexes[i] = i;
  return indexes.sort((a, b) => key(a) - key(b));
}
