/**
 * The one parser for derived-metric calculations (the server checks what users type with it, the
 * engine checks its models with it through validateMetric): arithmetic over aggregates of known columns, e.g.
 * `(SUM(revenue) - SUM(cost)) / NULLIF(SUM(revenue), 0)` or
 * `AVG(CASE WHEN returned THEN 1 ELSE 0 END)`. Anything else (subqueries, statements, unknown
 * functions or columns) is refused with a message naming the problem. The result is a canonical
 * expression with double-quoted column names, the form the semantic model carries.
 */

export interface KnownColumn {
  table: string;
  column: string;
}

export class MetricExpressionError extends Error {}

const AGGREGATES = new Set(['SUM', 'AVG', 'COUNT', 'MIN', 'MAX']);
const SCALARS = new Set(['NULLIF', 'COALESCE', 'ABS', 'ROUND', 'GREATEST', 'LEAST']);
const KEYWORDS = new Set([
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'END',
  'AND',
  'OR',
  'NOT',
  'IS',
  'NULL',
  'DISTINCT',
  'TRUE',
  'FALSE',
]);

type Token = { kind: 'num' | 'str' | 'ident' | 'quoted' | 'op' | 'word'; text: string; pos: number };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  const re =
    /\s+|(\d+(?:\.\d+)?|\.\d+)|'((?:[^']|'')*)'|"((?:[^"]|"")+)"|`((?:[^`]|``)+)`|([A-Za-z_][A-Za-z0-9_]*)|(<=|>=|<>|!=|[-+*/(),.=<>])/gy;
  let m: RegExpExecArray | null;
  let pos = 0;
  while (pos < input.length) {
    re.lastIndex = pos;
    m = re.exec(input);
    if (!m) {
      const ch = input[pos];
      if (ch === ';')
        throw new MetricExpressionError(
          'A calculation is one expression: ";" (a second statement) is not allowed.',
        );
      throw new MetricExpressionError(`Unexpected character "${ch}" at position ${pos + 1}.`);
    }
    if (m[1] !== undefined) tokens.push({ kind: 'num', text: m[1], pos });
    else if (m[2] !== undefined) {
      // A line break would let a sign before the text ("- -'…") end the SQL line as a comment, and a
      // backslash escapes the closing quote in MySQL and BigQuery: neither belongs in a metric's value.
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      if (/[\\\u0000-\u001f\u007f]/.test(m[2]))
        throw new MetricExpressionError(
          `The text value at position ${pos + 1} contains a line break, a control character or a backslash; write it without them.`,
        );
      tokens.push({ kind: 'str', text: m[2].replace(/''/g, "'"), pos });
    } else if (m[3] !== undefined) tokens.push({ kind: 'quoted', text: m[3].replace(/""/g, '"'), pos });
    else if (m[4] !== undefined) tokens.push({ kind: 'quoted', text: m[4].replace(/``/g, '`'), pos });
    else if (m[5] !== undefined)
      tokens.push({
        kind:
          KEYWORDS.has(m[5].toUpperCase()) ||
          AGGREGATES.has(m[5].toUpperCase()) ||
          SCALARS.has(m[5].toUpperCase())
            ? 'word'
            : 'ident',
        text: m[5],
        pos,
      });
    else if (m[6] !== undefined) tokens.push({ kind: 'op', text: m[6], pos });
    pos = re.lastIndex;
  }
  return tokens;
}

const q = (id: string) => `"${id.replace(/"/g, '""')}"`;

export interface ParsedMetric {
  /** Canonical SQL with double-quoted column names. */
  expression: string;
  table: string;
  columns: string[];
}

export function parseMetricExpression(input: string, known: KnownColumn[]): ParsedMetric {
  if (!input.trim())
    throw new MetricExpressionError(
      'The calculation is empty: write an expression such as SUM(revenue) - SUM(cost).',
    );
  if (input.length > 2000)
    throw new MetricExpressionError('The calculation is too long (2,000 characters at most).');
  const tokens = tokenize(input);
  let i = 0;
  let aggregateDepth = 0;
  let aggregates = 0;
  const used: KnownColumn[] = [];

  const peek = () => tokens[i];
  const isWord = (w: string) => peek()?.kind === 'word' && peek()!.text.toUpperCase() === w;
  const isOp = (o: string) => peek()?.kind === 'op' && peek()!.text === o;
  const fail = (what: string): never => {
    const t = peek();
    throw new MetricExpressionError(
      t ? `${what} at position ${t.pos + 1} (found "${t.text}").` : `${what} at the end of the calculation.`,
    );
  };
  const expectOp = (o: string) => (isOp(o) ? (i++, o) : fail(`Expected "${o}"`));
  const expectWord = (w: string) => (isWord(w) ? (i++, w) : fail(`Expected ${w}`));

  function column(): string {
    const first = tokens[i++]!;
    let table: string | undefined;
    let name = first.text;
    if (isOp('.')) {
      i++;
      const second = peek();
      if (!second || (second.kind !== 'ident' && second.kind !== 'quoted'))
        fail('Expected a column name after "."');
      table = name;
      name = tokens[i++]!.text;
    }
    const matches = known.filter(
      (k) =>
        k.column.toLowerCase() === name.toLowerCase() &&
        (!table || k.table.toLowerCase() === table.toLowerCase()),
    );
    if (matches.length === 0) {
      const hint = known
        .slice(0, 12)
        .map((k) => k.column)
        .join(', ');
      throw new MetricExpressionError(
        `Unknown column "${table ? `${table}.` : ''}${name}". Use a selected column of the use case${hint ? `: ${hint}` : ' (select tables in the Knowledge tab first)'}.`,
      );
    }
    if (matches.length > 1 && new Set(matches.map((m) => m.table)).size > 1) {
      throw new MetricExpressionError(
        `Column "${name}" is in several tables (${matches.map((m) => m.table).join(', ')}): write table.column.`,
      );
    }
    if (aggregateDepth === 0)
      throw new MetricExpressionError(
        `Column "${name}" must be inside an aggregate function (SUM, AVG, COUNT, MIN or MAX).`,
      );
    used.push(matches[0]!);
    return q(matches[0]!.column);
  }

  function call(): string {
    const name = tokens[i++]!.text.toUpperCase();
    expectOp('(');
    if (AGGREGATES.has(name)) {
      if (aggregateDepth > 0)
        throw new MetricExpressionError(`Aggregates cannot be nested (${name} inside another aggregate).`);
      aggregates++;
      if (name === 'COUNT' && isOp('*')) {
        i++;
        expectOp(')');
        return 'COUNT(*)';
      }
      const distinct = isWord('DISTINCT') ? (i++, 'DISTINCT ') : '';
      aggregateDepth++;
      const inner = expr();
      aggregateDepth--;
      expectOp(')');
      return `${name}(${distinct}${inner})`;
    }
    const args = [expr()];
    while (isOp(',')) {
      i++;
      args.push(expr());
    }
    expectOp(')');
    return `${name}(${args.join(', ')})`;
  }

  function caseExpr(): string {
    i++;
    const parts: string[] = ['CASE'];
    if (!isWord('WHEN')) fail('Expected WHEN after CASE');
    while (isWord('WHEN')) {
      i++;
      const cond = condition();
      expectWord('THEN');
      parts.push(`WHEN ${cond} THEN ${expr()}`);
    }
    if (isWord('ELSE')) {
      i++;
      parts.push(`ELSE ${expr()}`);
    }
    expectWord('END');
    parts.push('END');
    return parts.join(' ');
  }

  function condition(): string {
    let left = conjunction();
    while (isWord('OR')) {
      i++;
      left = `${left} OR ${conjunction()}`;
    }
    return left;
  }
  function conjunction(): string {
    let left = negation();
    while (isWord('AND')) {
      i++;
      left = `${left} AND ${negation()}`;
    }
    return left;
  }
  function negation(): string {
    if (isWord('NOT')) {
      i++;
      return `NOT ${negation()}`;
    }
    const left = expr();
    const t = peek();
    if (t?.kind === 'op' && ['=', '<>', '!=', '<', '>', '<=', '>='].includes(t.text)) {
      i++;
      return `${left} ${t.text === '!=' ? '<>' : t.text} ${expr()}`;
    }
    if (isWord('IS')) {
      i++;
      const not = isWord('NOT') ? (i++, ' NOT') : '';
      expectWord('NULL');
      return `${left} IS${not} NULL`;
    }
    return left;
  }

  function factor(): string {
    const t = peek();
    if (!t) return fail('Expected a value');
    if (t.kind === 'op' && (t.text === '-' || t.text === '+')) {
      i++;
      // Two minus signs side by side ("- -1") would start an SQL comment: keep them apart.
      const operand = factor();
      return operand.startsWith('-') ? `${t.text} ${operand}` : `${t.text}${operand}`;
    }
    if (t.kind === 'num') return (i++, t.text);
    if (t.kind === 'str') return (i++, `'${t.text.replace(/'/g, "''")}'`);
    if (t.kind === 'op' && t.text === '(') {
      i++;
      if (isWord('SELECT') || peek()?.text.toUpperCase() === 'SELECT')
        throw new MetricExpressionError('Subqueries are not allowed in a calculation.');
      const inner = condition();
      expectOp(')');
      return `(${inner})`;
    }
    if (t.kind === 'word') {
      const w = t.text.toUpperCase();
      if (w === 'CASE') return caseExpr();
      if (w === 'NULL' || w === 'TRUE' || w === 'FALSE') return (i++, w);
      if ((AGGREGATES.has(w) || SCALARS.has(w)) && tokens[i + 1]?.text === '(') return call();
      return fail(`"${t.text}" is not allowed here`);
    }
    if (t.kind === 'ident' || t.kind === 'quoted') {
      if (t.kind === 'ident' && tokens[i + 1]?.text === '(') {
        throw new MetricExpressionError(
          `Function "${t.text}" is not allowed. Use SUM, AVG, COUNT, MIN, MAX, NULLIF, COALESCE, ABS, ROUND, GREATEST or LEAST.`,
        );
      }
      if (t.kind === 'ident' && t.text.toUpperCase() === 'SELECT')
        throw new MetricExpressionError('Subqueries and statements are not allowed in a calculation.');
      return column();
    }
    return fail('Expected a value');
  }
  function term(): string {
    let left = factor();
    while (isOp('*') || isOp('/')) left = `${left} ${tokens[i++]!.text} ${factor()}`;
    return left;
  }
  function expr(): string {
    let left = term();
    while (isOp('+') || isOp('-')) left = `${left} ${tokens[i++]!.text} ${term()}`;
    return left;
  }

  const expression = expr();
  if (i < tokens.length) fail('Unexpected text after the end of the expression');
  if (aggregates === 0)
    throw new MetricExpressionError(
      'A derived metric must aggregate: use SUM, AVG, COUNT, MIN or MAX, e.g. SUM(revenue) - SUM(cost).',
    );
  const tables = [...new Set(used.map((u) => u.table))];
  if (tables.length > 1)
    throw new MetricExpressionError(`A calculation reads one table; this one uses ${tables.join(' and ')}.`);
  const table = tables[0] ?? known[0]?.table;
  if (!table)
    throw new MetricExpressionError(
      'The use case has no selected tables yet: select tables in the Knowledge tab first.',
    );
  return { expression, table, columns: [...new Set(used.map((u) => u.column))] };
}
