import { initials, nameHue } from '@trowel/shared/format/initials.ts';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

const SIZES = {
  sm: 'size-8 text-xs',
  md: 'size-12 text-base',
  lg: 'size-24 text-3xl',
} as const satisfies Record<string, string>;

interface UserAvatarProps {
  name: string;
  src?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
  /** Decorative when the name is written next to it. */
  decorative?: boolean;
}

/**
 * The initials' background: the name's hue at one lightness, dark enough for white initials to pass
 * WCAG AA (4.5:1 and more) whatever the hue and in either appearance.
 */
export function avatarColour(name: string): string {
  return `oklch(50% 0.1 ${nameHue(name)})`;
}

/** The person's picture, or their initials on a colour derived from the name. */
export function UserAvatar({ name, src, size = 'md', className, decorative }: UserAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    SIZES[size],
    className,
  );
  const label = decorative ? undefined : name;

  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt={label ?? ''}
        className={cn(classes, 'bg-slate-100 object-cover')}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  // The initials are drawn (a pseudo-element), not text: a button or link holding the avatar is
  // named by what it says beside it, and "AO" read or matched before a name would be noise.
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={label}
      aria-hidden={decorative ? true : undefined}
      data-initials={initials(name)}
      // Plain white, not the palette's `white` (which the dark appearance turns dark).
      className={cn(classes, 'font-semibold text-[#fff] select-none before:content-[attr(data-initials)]')}
      style={{ backgroundColor: avatarColour(name) }}
    />
  );
}
