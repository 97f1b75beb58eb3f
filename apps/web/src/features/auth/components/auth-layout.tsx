import { BarChart3, MessagesSquare, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo, LogoMark } from '../../../components/logo';

const points = [
  { icon: MessagesSquare, text: 'Ask questions about your business data in plain language.' },
  { icon: BarChart3, text: 'Get answers as charts, tables and metrics you can act on.' },
  { icon: ShieldCheck, text: 'Your data stays in your systems; every query is read-only.' },
] as const;

/** Sign-in and password screens: a brand panel on wide screens, the form on the right. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh bg-background lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <aside className="relative hidden overflow-hidden bg-[#15132b] text-white lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_50%_at_20%_10%,rgba(99,102,241,0.45),transparent_70%),radial-gradient(50%_45%_at_90%_90%,rgba(139,92,246,0.35),transparent_70%)]"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 opacity-[0.06] [mask-image:radial-gradient(70%_60%_at_30%_40%,black,transparent)] [background-image:linear-gradient(to_right,white_1px,transparent_1px),linear-gradient(to_bottom,white_1px,transparent_1px)] [background-size:44px_44px]"
        />
        <div className="relative flex items-center gap-2.5">
          <LogoMark variant="dark" />
          <span className="text-[19px] leading-none font-semibold tracking-[-0.02em]">Catalyst</span>
        </div>
        <div className="relative max-w-md space-y-8">
          <div className="space-y-3">
            <h2 className="text-3xl leading-tight font-semibold tracking-tight">
              From question to decision, in one conversation.
            </h2>
            <p className="text-[15px] leading-7 text-white/70">
              Catalyst is the AI analytics and decision assistant for business teams.
            </p>
          </div>
          <ul className="space-y-4">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-sm leading-6 text-white/85">
                <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-white/10 ring-1 ring-white/15">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span className="pt-1">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-white/50">© {new Date().getFullYear()} Catalyst</p>
      </aside>
      <main className="flex flex-col px-5 py-8 sm:px-10">
        <div className="lg:hidden">
          <Logo />
        </div>
        <div className="flex flex-1 items-start justify-center pt-12 pb-10 sm:items-center sm:py-10">
          <div className="w-full max-w-[400px]">{children}</div>
        </div>
      </main>
    </div>
  );
}

export function AuthHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="mb-7 space-y-2">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {description ? <p className="text-sm leading-6 text-muted-foreground">{description}</p> : null}
    </div>
  );
}
