import { addDays } from '@trowel/shared/schedule/critical-path.ts';
import type { ScheduleDto } from '@trowel/shared/schedule/schedule.schemas.ts';
import { useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { TaskMove } from '@trowel/shared/schedule/schedule.schemas.ts';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { GanttHeader } from './gantt-header.tsx';
import { GanttLinkLayer, type LinkRequest } from './gantt-link-layer.tsx';
import {
  DAY_WIDTH,
  ganttLayout,
  LABEL_WIDTH,
  ROW_HEIGHT,
  type DatedTask,
  type GanttRow,
} from './gantt-layout.ts';
import { taskSummary } from './schedule-text.ts';

/** A bar being dragged: moved whole, or stretched by its end. */
interface Drag {
  taskId: string;
  mode: 'move' | 'stretch';
  fromX: number;
  days: number;
}

interface GanttChartProps {
  schedule: Pick<ScheduleDto, 'phases' | 'tasks' | 'links'>;
  today: string;
  /** Called with a task's new dates when its bar is dragged; absent, the bars stay where they are. */
  onMove?: ((move: TaskMove) => void) | undefined;
  /** Called with two tasks when a bar's link handle is dropped on another bar; absent, no handles. */
  onLink?: ((link: LinkRequest) => void) | undefined;
}

const BAR_TOP = 8;
const BAR_HEIGHT = 16;

/** The head of a link's arrow, referred to by its id. */
function ArrowHead({ id, className }: { id: string; className: string }) {
  return (
    <marker id={id} viewBox="0 0 6 6" refX="5" refY="3" markerWidth="6" markerHeight="6" orient="auto">
      <path d="M0,0 L6,3 L0,6 z" className={className} />
    </marker>
  );
}

/** The dates a drag of `days` gives the task. */
function movedDates(task: DatedTask, mode: Drag['mode'], days: number) {
  const endDate = addDays(task.endDate, days);
  if (mode === 'stretch')
    return { startDate: task.startDate, endDate: endDate < task.startDate ? task.startDate : endDate };
  return { startDate: addDays(task.startDate, days), endDate };
}

/**
 * The schedule as a Gantt chart: phases as group bars over their tasks, progress inside each bar, the
 * critical path in red, baseline dates as a grey line under each bar, links as arrows and today's line.
 * Those who may move tasks drag a bar (or its right end to stretch it), or focus it and press ← or →;
 * those who may link them drag from the handle past a bar's end onto another bar.
 */
export function GanttChart({ schedule, today, onMove, onLink }: GanttChartProps) {
  const layout = useMemo(() => ganttLayout(schedule, today), [schedule, today]);
  const [drag, setDrag] = useState<Drag | null>(null);

  const startDrag = (event: PointerEvent<SVGElement>, taskId: string, mode: Drag['mode']) => {
    if (!onMove || event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ taskId, mode, fromX: event.clientX, days: 0 });
  };
  const followDrag = (event: PointerEvent<SVGElement>) => {
    if (!drag) return;
    const days = Math.round((event.clientX - drag.fromX) / DAY_WIDTH);
    if (days !== drag.days) setDrag({ ...drag, days });
  };
  const endDrag = (task: DatedTask) => {
    if (drag?.taskId === task.id && drag.days !== 0) {
      onMove?.({ taskId: task.id, phaseId: task.phaseId, ...movedDates(task, drag.mode, drag.days) });
    }
    setDrag(null);
  };
  const nudge = (event: KeyboardEvent, task: DatedTask) => {
    const days = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!onMove || days === 0) return;
    event.preventDefault();
    onMove({
      taskId: task.id,
      phaseId: task.phaseId,
      ...movedDates(task, event.shiftKey ? 'stretch' : 'move', days),
    });
  };

  /** Where a row's bar is drawn now: shifted or stretched while it is dragged. */
  const barOf = (row: GanttRow) => {
    if (!drag || drag.taskId !== row.id) return { x: row.x, width: row.width };
    const shift = drag.days * DAY_WIDTH;
    return drag.mode === 'move'
      ? { x: row.x + shift, width: row.width }
      : { x: row.x, width: Math.max(DAY_WIDTH, row.width + shift) };
  };

  return (
    <ScrollRegion label="Gantt chart" className="rounded-lg border border-slate-200 bg-white">
      <svg
        width={layout.width}
        height={layout.height}
        role="group"
        aria-label="Gantt chart"
        className="block touch-none text-xs select-none"
      >
        <defs>
          <ArrowHead id="gantt-arrow" className="fill-slate-500" />
          <ArrowHead id="gantt-arrow-critical" className="fill-red-600" />
        </defs>
        <GanttHeader layout={layout} />
        {layout.rows.map((row) => (
          <g key={`${row.kind}-${row.id}`}>
            <line
              x1={0}
              x2={layout.width}
              y1={row.y + ROW_HEIGHT}
              y2={row.y + ROW_HEIGHT}
              className="stroke-slate-100"
            />
            <text
              x={row.kind === 'phase' ? 8 : 20}
              y={row.y + ROW_HEIGHT / 2 + 4}
              className={row.kind === 'phase' ? 'fill-slate-900 font-semibold' : 'fill-slate-700'}
            >
              <title>{row.name}</title>
              {row.label}
            </text>
          </g>
        ))}
        <line x1={LABEL_WIDTH} x2={LABEL_WIDTH} y1={0} y2={layout.height} className="stroke-slate-300" />
        {layout.todayX !== null ? (
          <line
            x1={layout.todayX}
            x2={layout.todayX}
            y1={0}
            y2={layout.height}
            strokeDasharray="4 3"
            className="stroke-amber-500"
            data-testid="gantt-today"
          >
            <title>Today</title>
          </line>
        ) : null}
        {layout.arrows.map((arrow) => (
          <path
            key={arrow.id}
            d={arrow.path}
            fill="none"
            markerEnd={`url(#${arrow.critical ? 'gantt-arrow-critical' : 'gantt-arrow'})`}
            className={arrow.critical ? 'stroke-red-600' : 'stroke-slate-500'}
            data-testid="gantt-link"
          />
        ))}
        {layout.rows.map((row) => {
          const bar = barOf(row);
          const { task } = row;
          const top = row.y + BAR_TOP;
          if (!task) {
            return (
              <g key={`bar-${row.id}`} aria-label={`${row.name}: ${row.progress}% done`} role="img">
                <rect x={bar.x} y={top + 4} width={bar.width} height={8} className="fill-slate-700" />
                <rect
                  x={bar.x}
                  y={top + 4}
                  width={(bar.width * row.progress) / 100}
                  height={8}
                  className="fill-emerald-500"
                />
              </g>
            );
          }
          return (
            <g
              key={`bar-${row.id}`}
              role={onMove ? 'button' : 'img'}
              tabIndex={onMove ? 0 : undefined}
              aria-label={taskSummary(task)}
              onKeyDown={(event) => nudge(event, task)}
              className={
                onMove
                  ? 'cursor-grab outline-none focus-visible:[&>rect:first-of-type]:stroke-sky-600'
                  : undefined
              }
              onPointerDown={(event) => startDrag(event, task.id, 'move')}
              onPointerMove={followDrag}
              onPointerUp={() => endDrag(task)}
              onPointerCancel={() => setDrag(null)}
              data-testid="gantt-bar"
              data-task={task.name}
            >
              <title>{taskSummary(task)}</title>
              {row.baseline ? (
                <rect
                  x={row.baseline.x}
                  y={top + BAR_HEIGHT + 3}
                  width={row.baseline.width}
                  height={4}
                  rx={2}
                  className="fill-slate-400"
                  data-testid="gantt-baseline"
                />
              ) : null}
              <rect
                x={bar.x}
                y={top}
                width={bar.width}
                height={BAR_HEIGHT}
                rx={4}
                strokeWidth={2}
                className={row.critical ? 'fill-red-200 stroke-red-600' : 'fill-sky-200 stroke-sky-500'}
              />
              <rect
                x={bar.x}
                y={top}
                width={(bar.width * row.progress) / 100}
                height={BAR_HEIGHT}
                rx={4}
                className={row.critical ? 'fill-red-500' : 'fill-sky-500'}
              />
              {onMove ? (
                <rect
                  x={bar.x + bar.width - 6}
                  y={top}
                  width={6}
                  height={BAR_HEIGHT}
                  className="cursor-ew-resize fill-transparent"
                  onPointerDown={(event) => startDrag(event, task.id, 'stretch')}
                  data-testid="gantt-bar-end"
                />
              ) : null}
            </g>
          );
        })}
        {onLink ? <GanttLinkLayer layout={layout} onLink={onLink} /> : null}
      </svg>
    </ScrollRegion>
  );
}
