import { MessageSquareReply, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

interface MessageActionsProps {
  onReply?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  replying?: boolean;
}

/** Reply and Delete under a message, each offered only when given. */
export function MessageActions({ onReply, onDelete, replying }: MessageActionsProps) {
  if (!onReply && !onDelete) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-1">
      {onReply ? (
        <Button variant="ghost" size="sm" onClick={onReply} aria-expanded={replying}>
          <MessageSquareReply aria-hidden="true" />
          Reply
        </Button>
      ) : null}
      {onDelete ? (
        <Button variant="ghost" size="sm" onClick={onDelete} className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      ) : null}
    </div>
  );
}
