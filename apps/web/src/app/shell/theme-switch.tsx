import { Moon, Sun } from 'lucide-react';
import { Switch } from '../../components/ui/switch';
import { cn } from '../../lib/cn';
import { useTheme } from '../theme';

/** Sun – switch – moon. The switch on means dark (spec document 1 §4). */
export function ThemeSwitch() {
  const { resolvedTheme, setTheme } = useTheme();
  const dark = resolvedTheme === 'dark';
  return (
    <div className="flex items-center gap-2 rounded-full border border-border bg-surface px-2.5 py-1.5">
      <Sun
        className={cn('size-4 transition-colors', dark ? 'text-muted-foreground' : 'text-amber-500')}
        aria-hidden
      />
      <Switch
        checked={dark}
        onCheckedChange={(checked) => setTheme(checked ? 'dark' : 'light')}
        aria-label="Dark theme"
        data-testid="theme-switch"
      />
      <Moon
        className={cn('size-4 transition-colors', dark ? 'text-accent-foreground' : 'text-muted-foreground')}
        aria-hidden
      />
    </div>
  );
}
