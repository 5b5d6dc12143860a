import { BarChart3, FolderPlus, NotebookPen } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

const ACTIONS = [
  { label: 'New Project', to: '/projects/new', icon: FolderPlus },
  { label: 'Add Daily Log', to: '/daily-log', icon: NotebookPen },
  { label: 'View Reports', to: '/reports', icon: BarChart3 },
] as const;

export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {ACTIONS.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className={`${buttonClasses('outline')} w-full justify-start`}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
