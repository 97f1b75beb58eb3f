import {
  BUSINESS_GOAL_PRESETS,
  RISK_TOLERANCES,
  STAKEHOLDER_PRESETS,
  type TRiskTolerance,
} from '@catalyst/contracts';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { addChip } from './status';

export interface DefinitionForm {
  name: string;
  description: string;
  businessGoals: string[];
  keyStakeholders: string[];
  riskTolerance: TRiskTolerance;
  aiConfidenceThreshold: number;
}

const RISK_TEXT: Record<TRiskTolerance, { label: string; text: string }> = {
  conservative: { label: 'Conservative', text: 'Prefer proven, low-risk decisions' },
  balanced: { label: 'Balanced', text: 'Mix of safe and growth opportunities' },
  aggressive: { label: 'Aggressive', text: 'Willing to take calculated risks' },
};

function Chips({
  label,
  presets,
  values,
  onChange,
  placeholder,
}: {
  label: string;
  presets: string[];
  values: string[];
  onChange: (v: string[]) => void;
  placeholder: string;
}) {
  const [custom, setCustom] = useState('');
  const add = () => {
    onChange(addChip(values, custom));
    setCustom('');
  };
  const custom_ = values.filter((v) => !presets.includes(v));
  return (
    <Card className="p-5">
      <h2 className="font-semibold">{label}</h2>
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={label}>
        {presets.map((p) => {
          const on = values.includes(p);
          return (
            <button
              key={p}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(on ? values.filter((v) => v !== p) : [...values, p])}
              className={cn(
                'rounded-full border px-3 py-1 text-sm',
                on ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:bg-muted',
              )}
            >
              {p}
            </button>
          );
        })}
        {custom_.map((c) => (
          <span
            key={c}
            className="inline-flex items-center gap-1 rounded-full border border-primary bg-primary/10 px-3 py-1 text-sm"
          >
            {c}
            <button
              type="button"
              aria-label={`Remove ${c}`}
              onClick={() => onChange(values.filter((v) => v !== c))}
            >
              <X className="size-3.5" />
            </button>
          </span>
        ))}
      </div>
      <div className="mt-3 flex gap-2">
        <Input
          value={custom}
          placeholder={placeholder}
          aria-label={placeholder}
          onChange={(e) => setCustom(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" size="icon" aria-label={`Add ${label.toLowerCase()}`} onClick={add}>
          <Plus />
        </Button>
      </div>
    </Card>
  );
}

interface SectionProps {
  form: DefinitionForm;
  setForm: (f: DefinitionForm) => void;
  commit: (f: DefinitionForm) => void;
}

/** `change` updates the form; with `save` it also asks for an auto-save (chips, radio). */
const changer =
  ({ form, setForm, commit }: SectionProps) =>
  (patch: Partial<DefinitionForm>, save = false) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (save) commit(next);
  };

/** Use Case Name and Description, saved on blur (spec document 2 §4.2). */
export function BasicInformation(props: SectionProps) {
  const { form, commit } = props;
  const change = changer(props);
  return (
    <Card className="grid gap-4 p-5">
      <h2 className="font-semibold">Basic Information</h2>
      <label className="grid gap-1.5 text-sm font-medium">
        Use Case Name
        <Input
          value={form.name}
          placeholder="e.g. Retail Sales Performance"
          onChange={(e) => change({ name: e.target.value })}
          onBlur={() => commit(form)}
        />
      </label>
      <label className="grid gap-1.5 text-sm font-medium">
        Use Case Description
        <textarea
          className="min-h-24 rounded-md border border-input bg-surface px-3 py-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25"
          value={form.description}
          placeholder="What decisions does this use case support?"
          onChange={(e) => change({ description: e.target.value })}
          onBlur={() => commit(form)}
        />
      </label>
    </Card>
  );
}

/** Business goals, stakeholders, risk tolerance and the AI confidence threshold: what decisions weigh. */
export function DecisionCriteria(props: SectionProps) {
  const { form, commit } = props;
  const change = changer(props);
  return (
    <>
      <Chips
        label="Business Goals"
        presets={BUSINESS_GOAL_PRESETS}
        values={form.businessGoals}
        onChange={(v) => change({ businessGoals: v }, true)}
        placeholder="Add a custom goal"
      />
      <Chips
        label="Key Stakeholders"
        presets={STAKEHOLDER_PRESETS}
        values={form.keyStakeholders}
        onChange={(v) => change({ keyStakeholders: v }, true)}
        placeholder="Add a custom role"
      />
      <Card className="p-5">
        <h2 className="font-semibold">Risk Tolerance</h2>
        <div className="mt-3 grid gap-2 sm:grid-cols-3" role="radiogroup" aria-label="Risk Tolerance">
          {RISK_TOLERANCES.map((r) => (
            <label
              key={r}
              className={cn(
                'flex cursor-pointer items-start gap-2 rounded-lg border p-3',
                form.riskTolerance === r ? 'border-primary bg-primary/5' : 'border-border',
              )}
            >
              <input
                type="radio"
                name="risk"
                className="mt-1 accent-[var(--color-primary)]"
                checked={form.riskTolerance === r}
                onChange={() => change({ riskTolerance: r }, true)}
              />
              <span>
                <span className="block text-sm font-medium">{RISK_TEXT[r].label}</span>
                <span className="block text-xs text-muted-foreground">{RISK_TEXT[r].text}</span>
              </span>
            </label>
          ))}
        </div>
      </Card>
      <Card className="p-5">
        <div className="flex items-center justify-between">
          <h2 className="font-semibold">AI Confidence Threshold</h2>
          <span className="text-sm font-medium tabular-nums">{form.aiConfidenceThreshold}%</span>
        </div>
        <input
          type="range"
          min={50}
          max={100}
          step={5}
          aria-label="AI Confidence Threshold"
          className="mt-3 w-full accent-[var(--color-primary)]"
          value={form.aiConfidenceThreshold}
          onChange={(e) => change({ aiConfidenceThreshold: Number(e.target.value) })}
          onPointerUp={() => commit(form)}
          onKeyUp={() => commit(form)}
        />
        <div className="mt-1 flex justify-between text-xs text-muted-foreground">
          <span>50%</span>
          <span>95%</span>
        </div>
      </Card>
    </>
  );
}

/** Definition tab (spec document 2 §2.4). `commit` asks the editor to auto-save. */
export function DefinitionTab(props: SectionProps) {
  return (
    <div className="grid gap-4">
      <BasicInformation {...props} />
      <DecisionCriteria {...props} />
    </div>
  );
}
