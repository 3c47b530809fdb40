import { Link, useLocation, useNavigate } from 'react-router';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { screenHref, screenOf, STAFF_SCREENS } from '../lib/screens';

/** The console's screens: a side list from 768 px, a select on phones (nine links do not fit a row at 390 px). */
export function StaffNav({ desktop }: { desktop: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = screenOf(pathname);
  if (!desktop) {
    return (
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        <span className="sr-only">Console screen</span>
        <Select
          aria-label="Console screen"
          value={current?.key ?? ''}
          onChange={(e) => {
            const next = STAFF_SCREENS.find((s) => s.key === e.target.value);
            if (next) void navigate(screenHref(next));
          }}
        >
          {STAFF_SCREENS.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </Select>
      </label>
    );
  }
  return (
    <nav aria-label="Console">
      <ul className="flex flex-col gap-0.5">
        {STAFF_SCREENS.map((s) => {
          const active = current?.key === s.key;
          const Icon = s.icon;
          return (
            <li key={s.key}>
              <Link
                to={screenHref(s)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-10 items-center gap-2.5 rounded-xl px-3 text-sm font-medium transition-colors',
                  active
                    ? 'bg-primary-soft text-primary dark:text-foreground'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                <Icon className="size-4 shrink-0" />
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
