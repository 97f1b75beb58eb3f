// Writes packages/engine/eval/halves.json: the tune/check split of every eval set.
//  - Spider and defog: by database, from a stable hash of db_id (defog's two databases: one each).
//  - our paraphrase sets: by group, whole groups in one half; a new group goes to the half with
//    fewer groups of its first tag (its shape), so both halves cover every shape.
//  - a check-only set: every group in check.
// Existing assignments never move: re-running after adding questions only places new ones.
// Usage: npm run eval:split
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openEvalSet } from './eval-set';
import { HALVES_PATH, hashedHalf, readHalves, type Half, type HalvesFile, type SetHalves } from './halves';
import { SLICES } from './slices';

function splitByDb(dbs: string[], old: SetHalves | undefined): SetHalves {
  const split: SetHalves = { by: 'db_id', tune: [...(old?.tune ?? [])], check: [...(old?.check ?? [])] };
  const placed = new Set([...split.tune, ...split.check]);
  const fresh = dbs.filter((d) => !placed.has(d));
  if (dbs.length === 2 && fresh.length === 2) {
    // Two databases: one each, the hash only decides which.
    const [a, b] = fresh as [string, string];
    const aHalf = hashedHalf(a);
    split[aHalf].push(a);
    split[aHalf === 'tune' ? 'check' : 'tune'].push(b);
  } else for (const d of fresh) split[hashedHalf(d)].push(d);
  split.tune.sort();
  split.check.sort();
  return split;
}

function splitByGroup(
  groups: { group: string; shape: string }[],
  old: SetHalves | undefined,
  checkOnly: boolean,
): SetHalves {
  const split: SetHalves = { by: 'group', tune: [...(old?.tune ?? [])], check: [...(old?.check ?? [])] };
  const placed = new Set([...split.tune, ...split.check]);
  const shapeOf = new Map(groups.map((g) => [g.group, g.shape]));
  for (const { group, shape } of groups) {
    if (placed.has(group)) continue;
    let half: Half = 'check';
    if (!checkOnly) {
      const count = (h: Half) => split[h].filter((g) => shapeOf.get(g) === shape).length;
      half =
        count('tune') === count('check')
          ? hashedHalf(group)
          : count('tune') < count('check')
            ? 'tune'
            : 'check';
    }
    split[half].push(group);
    placed.add(group);
  }
  return split;
}

export function computeHalves(old: HalvesFile): HalvesFile {
  const sets: Record<string, SetHalves> = {};
  for (const setDir of [...new Set(SLICES.map((s) => s.setDir))]) {
    const set = openEvalSet(setDir, { generate: false });
    try {
      const previous = old.sets[set.name];
      if (set.questions.some((q) => q.group)) {
        const groups = new Map<string, string>();
        for (const q of set.questions) if (!groups.has(q.group!)) groups.set(q.group!, q.tags[0] ?? '');
        sets[set.name] = splitByGroup(
          [...groups].map(([group, shape]) => ({ group, shape })),
          previous,
          set.config.checkOnly,
        );
      } else sets[set.name] = splitByDb(readdirSync(join(set.dir, 'dbs')).sort(), previous);
    } finally {
      set.close();
    }
  }
  return {
    about:
      'Tune/check halves of the eval sets (written by npm run eval:split; assignments never move). Tune on tune; a change that lifts tune but not check is overfitting.',
    sets,
  };
}

if (process.argv[1]?.endsWith('split.ts')) {
  const halves = computeHalves(readHalves());
  writeFileSync(HALVES_PATH, JSON.stringify(halves, null, 2) + '\n');
  for (const [name, s] of Object.entries(halves.sets))
    console.log(`${name}: by ${s.by}, tune ${s.tune.length}, check ${s.check.length}`);
}
