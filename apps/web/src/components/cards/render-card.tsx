import { ChartCard } from './chart-card';
import { ActionCard, MetricCard, PdfCard, TextCard, UnknownCard } from './simple-cards';
import { TableCard } from './table-card';
import type { CardHandlers, CardModel } from './types';

/** One card of an answer, by its type (spec document 1 §2.8). */
export function RenderCard({ card, handlers }: { card: CardModel; handlers: CardHandlers }) {
  switch (card.type) {
    case 'chart':
      return <ChartCard card={card} />;
    case 'table':
      return <TableCard card={card} />;
    case 'text':
    case 'text-list':
      return <TextCard card={card} />;
    case 'action':
      return <ActionCard card={card} handlers={handlers} />;
    case 'metric':
      return <MetricCard card={card} />;
    case 'pdf':
      return <PdfCard card={card} handlers={handlers} />;
    default:
      return <UnknownCard card={card} />;
  }
}

export type { CardHandlers, CardModel } from './types';
