import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/** A member's level (from their XP; docs/product.md, "XP and levels"), on profiles, boards and the review queue. */
export function LevelBadge({ level, className }: { level: number; className?: string }) {
  return (
    <Badge variant="secondary" className={cn('shrink-0 tabular-nums', className)} data-testid="level-badge">
      <span aria-hidden="true">Lv</span>
      <span className="sr-only">Level</span> {level}
    </Badge>
  );
}
