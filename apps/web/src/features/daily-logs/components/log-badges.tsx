import { Eye } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';

type Tone = 'neutral' | 'blue' | 'green' | 'red' | 'amber';

/** Badge colours of every log type, older 'progress' entries included. */
const TYPE_TONES = {
  update: 'blue',
  milestone: 'green',
  issue: 'red',
  note: 'neutral',
  progress: 'amber',
} as const satisfies Record<string, Tone>;

function toneOf(type: string): Tone {
  return type in TYPE_TONES ? TYPE_TONES[type as keyof typeof TYPE_TONES] : 'neutral';
}

/** A type as a word: 'update' → 'Update'. */
export function logTypeLabel(type: string): string {
  return type ? `${type.charAt(0).toUpperCase()}${type.slice(1)}` : 'Update';
}

export function LogTypeBadge({ type }: { type: string }) {
  return <Badge tone={toneOf(type)}>{logTypeLabel(type)}</Badge>;
}

export function ClientVisibleBadge() {
  return (
    <Badge tone="green" className="gap-1">
      <Eye aria-hidden="true" className="size-3" />
      CLIENT VISIBLE
    </Badge>
  );
}
