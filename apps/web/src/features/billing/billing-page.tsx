import { useState } from 'react';
import { Page, PageHeader } from '../../components/page';
import { Alert } from '../../components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { CardFields } from './card-fields';
import { EMPTY_CARD, type CardValues } from './card-form';
import { OrderSummary, PAYMENTS_OFF } from './order-summary';
import { PackPicker, TierPicker } from './plan-pickers';
import { TIERS, TOKEN_PACKS, type Tier, type TokenPack } from './pricing';

type Scope = 'personal' | 'organization';

const BILLED_TO: Record<Scope, string> = {
  personal: 'Billed to you, for your own use.',
  organization: 'Billed to your organization; its members share the tokens.',
};

function BillingPanel({ scope }: { scope: Scope }) {
  const [tierId, setTierId] = useState<Tier['id']>('pro');
  const [packId, setPackId] = useState<TokenPack['id'] | null>(null);
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const tier = TIERS.find((t) => t.id === tierId)!;
  const pack = TOKEN_PACKS.find((p) => p.id === packId) ?? null;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div className="grid gap-8">
        <TierPicker name={`${scope}-tier`} value={tierId} onChange={setTierId} />
        <PackPicker name={`${scope}-pack`} value={packId} onChange={setPackId} />
        <CardFields idPrefix={`${scope}-card`} value={card} onChange={setCard} />
      </div>
      <OrderSummary id={`${scope}-summary`} tier={tier} pack={pack} billedTo={BILLED_TO[scope]} />
    </div>
  );
}

/** /billing (spec document 3): plans, token packs, a card form and the order summary. */
export function BillingPage() {
  return (
    <Page>
      <PageHeader
        title="Billing"
        description="Choose a plan and top up tokens. Prices are monthly, in US dollars."
      />
      <Alert className="mt-6" title={PAYMENTS_OFF}>
        You can compare plans and packs here, but no payment provider is set up, so nothing is charged or
        saved.
      </Alert>
      <Tabs defaultValue="personal" className="mt-6">
        <TabsList aria-label="Billing">
          <TabsTrigger value="personal">Personal Billing</TabsTrigger>
          <TabsTrigger value="organization">Organization Billing</TabsTrigger>
        </TabsList>
        {/* Both panels stay mounted, so switching tabs keeps each one's choices. */}
        <TabsContent value="personal" forceMount className="data-[state=inactive]:hidden">
          <BillingPanel scope="personal" />
        </TabsContent>
        <TabsContent value="organization" forceMount className="data-[state=inactive]:hidden">
          <BillingPanel scope="organization" />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
