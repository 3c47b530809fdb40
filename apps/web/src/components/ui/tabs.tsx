import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { haptic } from '@/lib/telegram';
import { pressable, touchTarget } from './touch';

/** Tabs; inside Telegram a change of tab ticks (selection haptic). */
export function Tabs({ onValueChange, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return (
    <TabsPrimitive.Root
      {...props}
      onValueChange={
        onValueChange &&
        ((value: string) => {
          haptic.selection();
          onValueChange(value);
        })
      }
    />
  );
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('inline-flex h-11 items-center gap-1 rounded-xl bg-muted p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-9 flex-1 items-center justify-center rounded-lg px-3 text-sm font-medium text-muted-foreground',
        'hover:text-foreground active:bg-card/60 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        pressable,
        touchTarget,
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4 focus-visible:outline-none', className)} {...props} />;
}
