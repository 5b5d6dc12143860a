import {
  Boxes,
  ClipboardList,
  FileText,
  FolderKanban,
  LayoutDashboard,
  NotebookPen,
  Settings,
  Store,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  '/': LayoutDashboard,
  '/projects': FolderKanban,
  '/daily-log': NotebookPen,
  '/procurement/vendors': Store,
  '/procurement/rfqs': ClipboardList,
  '/rfqs': FileText,
  '/inventory': Boxes,
  '/profile': UserRound,
  '/vendor/profile': UserRound,
  '/settings': Settings,
  '/admin/staff': Users,
  '/admin/clients': Users,
};

/** The icon shown beside a navigation entry. */
export function NavIcon({ to, className }: { to: string; className?: string }) {
  const Icon = ICONS[to] ?? FileText;
  return <Icon aria-hidden="true" className={className} />;
}
