import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import { inputClassName } from './input';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Extra words the search matches (not shown). */
  keywords?: string;
}

/**
 * A select with a search box (spec document 2: "schema combobox with search"): a button showing
 * the choice opens a list filtered as you type; arrows move, Enter picks, Escape closes.
 * `emptyText` shows when there is nothing to choose from, `noMatchText` when the search finds
 * nothing.
 */
export function Combobox({
  id,
  label,
  value,
  options,
  onChange,
  placeholder = 'Select...',
  searchPlaceholder = 'Search...',
  emptyText = 'No item found.',
  noMatchText = 'No item found.',
  disabled,
  loading,
  className,
}: {
  id?: string;
  /** The accessible name of the button and its list. */
  label: string;
  value: string;
  options: ComboboxOption[];
  onChange: (value: string) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  noMatchText?: string;
  disabled?: boolean;
  loading?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q
      ? options.filter((o) => `${o.label} ${o.value} ${o.keywords ?? ''}`.toLowerCase().includes(q))
      : options;
  }, [options, query]);
  const selected = options.find((o) => o.value === value);

  const pick = (o: ComboboxOption) => {
    setOpen(false);
    setQuery('');
    if (o.value !== value) onChange(o.value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = Math.max(0, Math.min(shown.length - 1, active + (e.key === 'ArrowDown' ? 1 : -1)));
      setActive(next);
      listRef.current?.children[next]?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const o = shown[active];
      if (o) pick(o);
    }
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o)
          setActive(
            Math.max(
              0,
              shown.findIndex((x) => x.value === value),
            ),
          );
        else setQuery('');
      }}
    >
      <Popover.Trigger asChild disabled={disabled}>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          className={cn(inputClassName, 'items-center justify-between gap-2 text-left', className)}
        >
          <span className={cn('truncate', !selected && 'text-muted-foreground/80')}>
            {loading ? 'Loading...' : (selected?.label ?? placeholder)}
          </span>
          <ChevronsUpDown aria-hidden className="size-4 shrink-0 opacity-60" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 w-(--radix-popover-trigger-width) min-w-56 rounded-lg border border-border bg-surface p-1 text-surface-foreground shadow-lg outline-none"
        >
          <div className="flex items-center gap-2 border-b border-border px-2">
            <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <input
              autoFocus
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              placeholder={searchPlaceholder}
              aria-label={searchPlaceholder}
              aria-controls={listId}
              aria-activedescendant={shown[active] ? `${listId}-${active}` : undefined}
              className="h-9 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground/80"
            />
          </div>
          {shown.length === 0 ? (
            <p className="px-2 py-5 text-center text-sm text-muted-foreground">
              {options.length === 0 ? emptyText : noMatchText}
            </p>
          ) : (
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              aria-label={label}
              className="max-h-64 overflow-y-auto py-1"
            >
              {shown.map((o, i) => (
                <li
                  key={o.value}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={o.value === value}
                  onMouseEnter={() => setActive(i)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(o)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                    i === active && 'bg-muted',
                  )}
                >
                  <Check
                    aria-hidden
                    className={cn('size-4 shrink-0', o.value === value ? 'opacity-100' : 'opacity-0')}
                  />
                  <span className="truncate">{o.label}</span>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
