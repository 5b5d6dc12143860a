import type { ProjectSummaryDto } from '@trowel/shared/projects/project.schemas.ts';
import { EllipsisVertical, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { MenuContent, MenuItem } from '../../../components/ui/dropdown-menu.tsx';
import { cn } from '../../../lib/cn.ts';

interface ProjectCardMenuProps {
  project: ProjectSummaryDto;
  onDelete: (project: ProjectSummaryDto) => void;
}

/** The card's actions menu (above the card's link so it can be clicked on its own). */
export function ProjectCardMenu({ project, onDelete }: ProjectCardMenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Actions for ${project.title}`}
        className={cn(buttonClasses('ghost', 'icon'), 'relative z-10 -mt-2 -mr-2 size-9')}
      >
        <EllipsisVertical aria-hidden="true" />
      </DropdownMenu.Trigger>
      <MenuContent sideOffset={4} className="min-w-40">
        <MenuItem className="text-red-700 data-[highlighted]:bg-red-50" onSelect={() => onDelete(project)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete Project
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
