import {
  BarChart3,
  Boxes,
  CalendarRange,
  ClipboardList,
  FileText,
  FolderKanban,
  Images,
  LayoutDashboard,
  NotebookPen,
  PackageCheck,
  ReceiptText,
  Settings,
  Star,
  Store,
  Truck,
  UserRound,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  '/': LayoutDashboard,
  '/projects': FolderKanban,
  '/daily-log': NotebookPen,
  '/procurement/vendors': Store,
  '/procurement/rfqs': ClipboardList,
  '/schedule/look-ahead': CalendarRange,
  '/rfqs': FileText,
  '/purchase-orders': Truck,
  '/invoices': ReceiptText,
  '/budgets': Wallet,
  '/material-requests': PackageCheck,
  '/inventory': Boxes,
  '/reports': BarChart3,
  '/media': Images,
  '/testimonials': Star,
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
