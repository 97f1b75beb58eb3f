import type { CardModel } from '../../components/cards/types';

const titleOf = (c: CardModel) => (typeof c.data.title === 'string' ? c.data.title : undefined);
const firstActionLabel = (c: CardModel) => {
  const actions = c.data.actions as (string | { label?: string })[] | undefined;
  const first = actions?.[0];
  return typeof first === 'string' ? first : first?.label;
};

function matchIndex(cards: CardModel[], incoming: CardModel): number {
  const id = incoming.data.id;
  if (id) {
    const byId = cards.findIndex((c) => c.type === incoming.type && c.data.id === id);
    if (byId >= 0) return byId;
  }
  if ((incoming.type === 'chart' || incoming.type === 'table') && titleOf(incoming)) {
    const byTitle = cards.findIndex((c) => c.type === incoming.type && titleOf(c) === titleOf(incoming));
    if (byTitle >= 0) return byTitle;
  }
  if (incoming.type === 'action') {
    const byAction = cards.findIndex(
      (c) =>
        c.type === 'action' &&
        ((titleOf(incoming) && titleOf(c) === titleOf(incoming)) ||
          (firstActionLabel(incoming) && firstActionLabel(c) === firstActionLabel(incoming))),
    );
    if (byAction >= 0) return byAction;
    return -1;
  }
  return cards.findIndex((c) => c.type === incoming.type && !c.data.id && !incoming.data.id);
}

/**
 * Merges streamed cards into a message (spec document 1 §4): match by type and id, else by chart
 * or table title, else by action title or first action label, else by type; a matched card is
 * replaced only when its content changed (action cards always); an unmatched id-less action card
 * replaces the last id-less action card; other unmatched cards are appended.
 */
export function mergeCards(existing: CardModel[], incoming: CardModel[]): CardModel[] {
  const cards = [...existing];
  for (const card of incoming) {
    const i = matchIndex(cards, card);
    if (i >= 0) {
      if (card.type === 'action' || JSON.stringify(cards[i]) !== JSON.stringify(card)) cards[i] = card;
      continue;
    }
    if (card.type === 'action' && !card.data.id) {
      const last = cards
        .map((c, j) => (c.type === 'action' && !c.data.id ? j : -1))
        .filter((j) => j >= 0)
        .pop();
      if (last !== undefined) {
        cards[last] = card;
        continue;
      }
    }
    cards.push(card);
  }
  return cards;
}
