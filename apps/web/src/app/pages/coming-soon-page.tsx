import { Sparkles, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { Page, PageHeader } from '../../components/page';

export interface ComingSoonProps {
  title: string;
  description: string;
  icon: LucideIcon;
  /** What the finished screen will let people do, in a few short points. */
  features: readonly string[];
}

/** An honest stand-in for a screen a later release builds: what it will do, and that it is not here yet. */
export function ComingSoonPage({ title, description, icon: Icon, features }: ComingSoonProps) {
  return (
    <Page>
      <PageHeader title={title} description={description} />
      <Card className="mt-8 overflow-hidden">
        <div className="relative grid gap-8 p-6 sm:p-10 md:grid-cols-[auto_1fr] md:items-start">
          <div className="grid size-14 place-items-center rounded-xl bg-primary-soft text-primary dark:text-accent-foreground">
            <Icon className="size-7" aria-hidden />
          </div>
          <div className="space-y-5">
            <div className="space-y-2">
              <span className="inline-flex items-center gap-1.5 rounded-full border border-primary/25 bg-primary-soft px-2.5 py-1 text-xs font-medium text-primary dark:text-accent-foreground">
                <Sparkles className="size-3.5" aria-hidden /> Coming soon
              </span>
              <h2 className="text-lg font-semibold tracking-tight">{title} is on its way</h2>
              <p className="max-w-2xl text-sm leading-6 text-muted-foreground">
                This screen arrives in an upcoming release of Catalyst. Nothing on it works yet, and nothing you do here
                is saved.
              </p>
            </div>
            <ul className="grid gap-2.5 sm:grid-cols-2">
              {features.map((feature) => (
                <li key={feature} className="flex gap-2.5 text-sm leading-6">
                  <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary/70" aria-hidden />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <Button asChild variant="secondary" size="sm">
              <Link to="/">Back to Decision Hub</Link>
            </Button>
          </div>
        </div>
      </Card>
    </Page>
  );
}
