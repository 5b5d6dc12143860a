import type { ProjectSummaryDto } from '@trowel/shared/projects/project.schemas.ts';
import { EllipsisVertical, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { buttonClasses } from '../../../components/ui/button.tsx';
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
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-red-700 outline-none select-none data-[highlighted]:bg-red-50"
            onSelect={() => onDelete(project)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete Project
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
