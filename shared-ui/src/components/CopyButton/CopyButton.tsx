import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from 'shared-ui';

export const COPIED_DURATION_MS = 2000;

export interface CopyButtonProps {
  text: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Copies `text`, then reads 'Copied' for 2 seconds. A refused clipboard changes nothing. */
export function CopyButton({
  text,
  variant = 'secondary',
  size = 'sm',
  className,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_DURATION_MS);
  };

  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      className={className}
      icon={copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      onClick={() => void copy()}
    >
      <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}
