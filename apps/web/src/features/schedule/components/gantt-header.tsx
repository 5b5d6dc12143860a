import { formatDateOnly } from '../../../lib/format-date.ts';
import { HEADER_HEIGHT, LABEL_WIDTH, type GanttLayout } from './gantt-layout.ts';

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The chart's time scale: month names over the first day of each month, and each Monday's date. */
export function GanttHeader({ layout }: { layout: GanttLayout }) {
  return (
    <g aria-hidden="true">
      <rect x={0} y={0} width={layout.width} height={HEADER_HEIGHT} className="fill-slate-50" />
      <text x={8} y={HEADER_HEIGHT - 10} className="fill-slate-500 font-medium">
        Phase / task
      </text>
      {layout.months.map((month) => (
        <text
          key={month.date}
          x={Math.max(month.x, LABEL_WIDTH) + 4}
          y={16}
          className="fill-slate-700 font-semibold"
        >
          {monthName.format(new Date(`${month.date}T00:00:00Z`))}
        </text>
      ))}
      {layout.weeks.map((week) => (
        <g key={week.date}>
          <line x1={week.x} x2={week.x} y1={22} y2={layout.height} className="stroke-slate-100" />
          <text x={week.x + 3} y={HEADER_HEIGHT - 8} className="fill-slate-500">
            <title>{formatDateOnly(week.date)}</title>
            {Number(week.date.slice(8))}
          </text>
        </g>
      ))}
    </g>
  );
}
