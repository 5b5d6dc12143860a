import type { ReportDto } from '@trowel/shared/reports/report.schemas.ts';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Text,
  Tooltip,
  XAxis,
  YAxis,
  type XAxisTickContentProps,
} from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { projectStatusLabel } from '../../../lib/project-status.ts';

type ChartView = 'status' | 'category';

/** The bars of the chosen view: project counts by status or by category. */
export function chartRows(report: ReportDto, view: ChartView): Array<{ name: string; projects: number }> {
  return view === 'status'
    ? report.statusSummary.map((row) => ({ name: projectStatusLabel(row.status), projects: row.count }))
    : report.categorySummary.map((row) => ({ name: row.category, projects: row.count }));
}

/**
 * A label under a bar, broken into lines where it is wider than the bar's share of the axis: on a phone
 * 'Not Started' and 'In Progress' would otherwise run into each other.
 */
function WrappedTick({ x, y, width, visibleTicksCount, payload }: XAxisTickContentProps) {
  return (
    <Text
      x={x}
      y={y}
      width={Math.max(1, Number(width ?? 0) / Math.max(1, visibleTicksCount) - 4)}
      textAnchor="middle"
      verticalAnchor="start"
      fontSize={12}
      fill="#475569"
    >
      {String(payload.value ?? '')}
    </Text>
  );
}

/** Projects by status or by category as a bar chart (the same counts are listed in the summary). */
export function ReportChart({ report }: { report: ReportDto }) {
  const [view, setView] = useState<ChartView>('status');
  const rows = chartRows(report, view);
  const description = rows.map((row) => `${row.name}: ${row.projects}`).join(', ');
  // One figure, shown in the chosen tab's panel (each tab controls a panel that exists).
  const figure = (
    <figure>
      {/* The bars are a picture of the caption: screen readers read the caption, the keyboard skips the bars. */}
      <div className="h-64 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={rows}
            accessibilityLayer={false}
            margin={{ top: 8, right: 8, bottom: 8, left: -16 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={WrappedTick} interval={0} height={44} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Bar dataKey="projects" name="Projects" fill="#2563eb" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        Projects by {view}: {description || 'none'}
      </figcaption>
    </figure>
  );
  return (
    <Card>
      <Tabs value={view} onValueChange={(value) => setView(value as ChartView)}>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle>Projects Chart</CardTitle>
          <TabsList aria-label="Chart view">
            <TabsTrigger value="status">By Status</TabsTrigger>
            <TabsTrigger value="category">By Category</TabsTrigger>
          </TabsList>
        </CardHeader>
        <CardContent>
          <TabsContent value="status" className="mt-0">
            {figure}
          </TabsContent>
          <TabsContent value="category" className="mt-0">
            {figure}
          </TabsContent>
        </CardContent>
      </Tabs>
    </Card>
  );
}
