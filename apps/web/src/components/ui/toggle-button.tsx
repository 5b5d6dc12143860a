import { Button, type ButtonProps } from './button.tsx';

interface ToggleButtonProps extends Pick<ButtonProps, 'variant'> {
  open: boolean;
  onToggle: () => void;
  /** The label while closed ('History'), and while open ('Hide History'). */
  label: string;
  openLabel: string;
}

/** A small button that shows or hides a panel below it, saying which it does. */
export function ToggleButton({ open, onToggle, label, openLabel, variant = 'ghost' }: ToggleButtonProps) {
  return (
    <Button variant={variant} size="sm" aria-expanded={open} onClick={onToggle}>
      {open ? openLabel : label}
    </Button>
  );
}
