const TONES: Record<string, string> = {
  pending: 'border-amber-500/30 bg-amber-500/12 text-amber-800 dark:text-amber-300',
  approved: 'border-blue-500/30 bg-blue-500/12 text-blue-700 dark:text-blue-300',
  implemented: 'border-green-500/30 bg-green-500/12 text-green-800 dark:text-green-300',
  rejected: 'border-red-500/30 bg-red-500/12 text-red-700 dark:text-red-300',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`rounded-full border px-2 py-0.5 text-xs font-medium capitalize ${TONES[status] ?? ''}`}>
      {status}
    </span>
  );
}
