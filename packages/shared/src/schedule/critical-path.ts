/**
 * The schedule's arithmetic: calendar days, the forward and backward passes of the critical path
 * method over tasks and their links, the shifts that keep successors after their predecessors, and
 * the loop a new link would close. Pure: the server computes with it, the screens show its figures.
 */

export const LINK_TYPES = ['finish_to_start', 'start_to_start'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** A task with its planned dates (YYYY-MM-DD, the end on or after the start). */
export interface PlannedTask {
  id: string;
  startDate: string;
  endDate: string;
}

export interface TaskLinkShape {
  fromTaskId: string;
  toTaskId: string;
  type: LinkType;
  lagDays: number;
}

/** A task's early and late dates, its total float in days, and whether it is on the critical path. */
export interface TaskTimes {
  earlyStart: string;
  earlyFinish: string;
  lateStart: string;
  lateFinish: string;
  totalFloat: number;
  critical: boolean;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar date (UTC, so no clock or zone moves it). */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The calendar date of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The date `days` calendar days after `date` (before, for a negative number). */
export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** How many days a task takes, both ends counted: a task starting and ending on one day takes 1. */
export function durationDays(task: Pick<PlannedTask, 'startDate' | 'endDate'>): number {
  return dayNumber(task.endDate) - dayNumber(task.startDate) + 1;
}

/** The earliest start a link allows its successor, from its predecessor's early start and finish. */
function allowedStart(link: TaskLinkShape, start: number, finish: number): number {
  return link.type === 'finish_to_start' ? finish + 1 + link.lagDays : start + link.lagDays;
}

/** The latest finish a link allows its predecessor (of `duration` days), from its successor's late start. */
function allowedFinish(link: TaskLinkShape, successorLateStart: number, duration: number): number {
  return link.type === 'finish_to_start'
    ? successorLateStart - 1 - link.lagDays
    : successorLateStart - link.lagDays + duration - 1;
}

/** Adds `value` to the list kept under `key`. */
function pushTo<T>(lists: Map<string, T[]>, key: string, value: T) {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

/** The tasks in an order where every predecessor comes before its successors (links between `tasks` only). */
function topologicalOrder(tasks: readonly PlannedTask[], links: readonly TaskLinkShape[]): PlannedTask[] {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const waiting = new Map(tasks.map((task) => [task.id, 0]));
  const next = new Map<string, string[]>();
  for (const link of links) {
    if (!byId.has(link.fromTaskId) || !byId.has(link.toTaskId)) continue;
    waiting.set(link.toTaskId, waiting.get(link.toTaskId)! + 1);
    pushTo(next, link.fromTaskId, link.toTaskId);
  }
  const ready = tasks.filter((task) => waiting.get(task.id) === 0).map((task) => task.id);
  const order: PlannedTask[] = [];
  for (let index = 0; index < ready.length; index += 1) {
    const id = ready[index]!;
    order.push(byId.get(id)!);
    for (const successor of next.get(id) ?? []) {
      const left = waiting.get(successor)! - 1;
      waiting.set(successor, left);
      if (left === 0) ready.push(successor);
    }
  }
  if (order.length !== tasks.length) throw new Error('The links make a loop');
  return order;
}

/** The network of the tasks: their order, lengths and links, links naming a task not given left out. */
function networkOf(tasks: readonly PlannedTask[], links: readonly TaskLinkShape[]) {
  const ids = new Set(tasks.map((task) => task.id));
  const inside = links.filter((link) => ids.has(link.fromTaskId) && ids.has(link.toTaskId));
  const outgoing = new Map<string, TaskLinkShape[]>();
  const incoming = new Map<string, TaskLinkShape[]>();
  for (const link of inside) {
    pushTo(outgoing, link.fromTaskId, link);
    pushTo(incoming, link.toTaskId, link);
  }
  return {
    order: topologicalOrder(tasks, inside),
    duration: new Map(tasks.map((task) => [task.id, durationDays(task)])),
    outgoing,
    incoming,
  };
}

/**
 * Where the work stands on a day (the status date): a task not begun cannot start before it, and one not
 * finished cannot finish before it, whatever its planned dates say.
 */
export interface ScheduleStatus {
  today: string;
  /** A task's progress, 0 to 100. */
  progress: (taskId: string) => number;
}

/**
 * The forward pass, as day numbers: each task starts on its planned start, or later when a
 * predecessor does not allow it (a task never starts before its planned date). With a status date, a
 * task not begun starts no earlier than it and one unfinished ends no earlier than it, so its length
 * in the pass may grow past its planned one.
 */
function forwardPass(
  network: ReturnType<typeof networkOf>,
  status?: ScheduleStatus,
): { earlyStart: Map<string, number>; length: Map<string, number> } {
  const today = status ? dayNumber(status.today) : null;
  const earlyStart = new Map<string, number>();
  const length = new Map<string, number>();
  for (const task of network.order) {
    let start = dayNumber(task.startDate);
    for (const link of network.incoming.get(task.id) ?? []) {
      const before = earlyStart.get(link.fromTaskId)!;
      const finish = before + length.get(link.fromTaskId)! - 1;
      start = Math.max(start, allowedStart(link, before, finish));
    }
    const planned = network.duration.get(task.id)!;
    let finish = start + planned - 1;
    if (status && today !== null) {
      const progress = status.progress(task.id);
      // Not begun: it starts today at the earliest, and takes its whole length from then.
      if (progress === 0 && start < today) [start, finish] = [today, today + planned - 1];
      // Begun, unfinished: what is left ends today at the earliest.
      else if (progress < 100) finish = Math.max(finish, today);
    }
    earlyStart.set(task.id, start);
    length.set(task.id, finish - start + 1);
  }
  return { earlyStart, length };
}

/**
 * The critical path method over the tasks: early dates from the forward pass, late dates from the
 * backward pass against the forecast end (the latest early finish), total float (late start − early
 * start) and the critical tasks (no float). Links naming a task not given are left out. With a status
 * date (`status`), work not done cannot lie in the past: a late task has no float left on its chain.
 */
export function criticalPath(
  tasks: readonly PlannedTask[],
  links: readonly TaskLinkShape[],
  status?: ScheduleStatus,
): { times: Map<string, TaskTimes>; forecastEndDate: string | null } {
  const network = networkOf(tasks, links);
  const { order, outgoing } = network;
  if (order.length === 0) return { times: new Map(), forecastEndDate: null };
  const { earlyStart, length: duration } = forwardPass(network, status);
  const earlyFinish = (id: string) => earlyStart.get(id)! + duration.get(id)! - 1;
  let end = -Infinity;
  for (const task of order) end = Math.max(end, earlyFinish(task.id));
  const lateFinish = new Map<string, number>();
  for (let index = order.length - 1; index >= 0; index -= 1) {
    const task = order[index]!;
    let finish = end;
    for (const link of outgoing.get(task.id) ?? []) {
      const successorLateStart = lateFinish.get(link.toTaskId)! - duration.get(link.toTaskId)! + 1;
      finish = Math.min(finish, allowedFinish(link, successorLateStart, duration.get(task.id)!));
    }
    lateFinish.set(task.id, finish);
  }
  const times = new Map<string, TaskTimes>();
  for (const task of order) {
    const lateStart = lateFinish.get(task.id)! - duration.get(task.id)! + 1;
    const totalFloat = lateStart - earlyStart.get(task.id)!;
    times.set(task.id, {
      earlyStart: dateOfDay(earlyStart.get(task.id)!),
      earlyFinish: dateOfDay(earlyFinish(task.id)),
      lateStart: dateOfDay(lateStart),
      lateFinish: dateOfDay(lateFinish.get(task.id)!),
      totalFloat,
      critical: totalFloat <= 0,
    });
  }
  return { times, forecastEndDate: dateOfDay(end) };
}

/**
 * When the tasks end if nothing else slips: the latest early finish (the forward pass alone), counted
 * from the status date when one is given, as `criticalPath` counts it.
 */
export function forecastEndOf(
  tasks: readonly PlannedTask[],
  links: readonly TaskLinkShape[],
  status?: ScheduleStatus,
): string | null {
  const network = networkOf(tasks, links);
  const { earlyStart, length } = forwardPass(network, status);
  let end: number | null = null;
  for (const task of network.order) {
    const finish = earlyStart.get(task.id)! + length.get(task.id)! - 1;
    if (end === null || finish > end) end = finish;
  }
  return end === null ? null : dateOfDay(end);
}

/**
 * The tasks that must move for every link to hold: each to its early start, keeping its length.
 * Moving a predecessor later moves its successors with it; nothing is ever moved earlier.
 */
export function shiftsToKeepLinks(
  tasks: readonly PlannedTask[],
  links: readonly TaskLinkShape[],
): PlannedTask[] {
  const { earlyStart } = forwardPass(networkOf(tasks, links));
  return tasks.flatMap((task) => {
    const moved = earlyStart.get(task.id)! - dayNumber(task.startDate);
    if (moved === 0) return [];
    return [
      { id: task.id, startDate: addDays(task.startDate, moved), endDate: addDays(task.endDate, moved) },
    ];
  });
}

/**
 * The loop a new link from `fromTaskId` to `toTaskId` would close, as the tasks along it from the new
 * link's predecessor back to itself (`[a, b, c, a]`), or null when it closes none.
 */
export function loopClosedBy(
  links: readonly Pick<TaskLinkShape, 'fromTaskId' | 'toTaskId'>[],
  fromTaskId: string,
  toTaskId: string,
): string[] | null {
  if (fromTaskId === toTaskId) return [fromTaskId, fromTaskId];
  const next = new Map<string, string[]>();
  for (const link of links) pushTo(next, link.fromTaskId, link.toTaskId);
  // A path from the new successor back to the new predecessor closes the loop.
  const cameFrom = new Map<string, string>([[toTaskId, toTaskId]]);
  const queue = [toTaskId];
  for (let index = 0; index < queue.length; index += 1) {
    const at = queue[index]!;
    if (at === fromTaskId) {
      const path = [at];
      for (let step = at; step !== toTaskId;) {
        step = cameFrom.get(step)!;
        path.push(step);
      }
      return [fromTaskId, ...path.reverse()];
    }
    for (const successor of next.get(at) ?? []) {
      if (cameFrom.has(successor)) continue;
      cameFrom.set(successor, at);
      queue.push(successor);
    }
  }
  return null;
}

/** Days a task ends after its baseline end (negative: ahead of it); null without both dates. */
export function slipDays(task: { endDate: string | null; baselineEnd: string | null }): number | null {
  return task.endDate && task.baselineEnd ? dayNumber(task.endDate) - dayNumber(task.baselineEnd) : null;
}

/**
 * A phase as its dated tasks make it: from the earliest start to the latest end, and its progress as
 * its tasks' progress weighted by their length in days. Undated tasks are left out; null without any.
 */
export function phaseSpan(
  tasks: ReadonlyArray<{ startDate: string | null; endDate: string | null; progress: number }>,
): { startDate: string; endDate: string; progress: number } | null {
  let startDate: string | null = null;
  let endDate: string | null = null;
  let days = 0;
  let done = 0;
  for (const task of tasks) {
    if (task.startDate === null || task.endDate === null || task.endDate < task.startDate) continue;
    const length = durationDays({ startDate: task.startDate, endDate: task.endDate });
    days += length;
    done += length * task.progress;
    if (startDate === null || task.startDate < startDate) startDate = task.startDate;
    if (endDate === null || task.endDate > endDate) endDate = task.endDate;
  }
  return startDate === null || endDate === null
    ? null
    : { startDate, endDate, progress: Math.round(done / days) };
}
