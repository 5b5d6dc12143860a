import { useState, type PointerEvent } from 'react';
import { barAt, linkHandleOf, type GanttLayout, type GanttRow } from './gantt-layout.ts';

/** Two tasks to link: the second waits for the first. */
export interface LinkRequest {
  fromTaskId: string;
  toTaskId: string;
}

/** A link being drawn: from the handle of a task's bar to where the pointer is now. */
interface LinkDrag {
  from: GanttRow;
  x: number;
  y: number;
}

/** The pointer's place on the chart (the SVG is drawn at its own size, so no scaling). */
function pointOn(event: PointerEvent<SVGElement>) {
  const box = (event.currentTarget.ownerSVGElement ?? event.currentTarget).getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
}

/**
 * Drag to link: a handle at the end of each task's bar; dragged onto another bar, it asks for a
 * finish-to-start link from the first task to the second. A dashed line follows the pointer and the
 * bar it would link to is outlined. (The keyboard way is the "Link tasks" form.)
 */
export function GanttLinkLayer({
  layout,
  onLink,
}: {
  layout: GanttLayout;
  onLink: (link: LinkRequest) => void;
}) {
  const [drag, setDrag] = useState<LinkDrag | null>(null);
  const target = drag ? barAt(layout, drag) : null;
  const into = target && target.id !== drag?.from.id ? target : null;

  const start = (event: PointerEvent<SVGElement>, from: GanttRow) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ from, ...pointOn(event) });
  };
  const follow = (event: PointerEvent<SVGElement>) => {
    if (drag) setDrag({ ...drag, ...pointOn(event) });
  };
  const drop = (event: PointerEvent<SVGElement>) => {
    if (!drag) return;
    const on = barAt(layout, pointOn(event));
    setDrag(null);
    if (on && on.id !== drag.from.id) onLink({ fromTaskId: drag.from.id, toTaskId: on.id });
  };

  const fromPoint = drag ? linkHandleOf(drag.from) : null;
  return (
    <g>
      {into ? (
        <rect
          x={into.x - 3}
          y={into.y + 5}
          width={into.width + 6}
          height={26}
          rx={6}
          fill="none"
          strokeWidth={2}
          className="stroke-violet-600"
          data-testid="gantt-link-target"
        />
      ) : null}
      {drag && fromPoint ? (
        <line
          x1={fromPoint.x}
          y1={fromPoint.y}
          x2={drag.x}
          y2={drag.y}
          strokeDasharray="4 3"
          strokeWidth={2}
          className="pointer-events-none stroke-violet-600"
        />
      ) : null}
      {layout.rows.map((row) => {
        if (!row.task) return null;
        const handle = linkHandleOf(row);
        return (
          <circle
            key={row.id}
            cx={handle.x}
            cy={handle.y}
            r={5}
            strokeWidth={1.5}
            className="cursor-crosshair fill-white stroke-violet-600 hover:fill-violet-200"
            onPointerDown={(event) => start(event, row)}
            onPointerMove={follow}
            onPointerUp={drop}
            onPointerCancel={() => setDrag(null)}
            data-testid="gantt-link-handle"
            data-task={row.name}
          >
            <title>{`Drag to another bar to make it wait for ${row.name}`}</title>
          </circle>
        );
      })}
    </g>
  );
}
