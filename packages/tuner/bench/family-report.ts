/**
 * The figures of family-run.ts's lines (README, "The benchmark family"):
 *
 *   tsx bench/family-report.ts runs.jsonl [more.jsonl …] [--methods=tuner,random] [--against=random] [--by=kind]
 *     [--paired=tuner]
 *
 * Per method: the median trials until a configuration within 95 % of the optimum was measured
 * (a table's: one of its top 1 % of rows; 101: never within 100), the median best after 50 trials as a share of the optimum, the share of
 * instances where it is behind `--against` after 50 and after 100 trials (its best true value is
 * lower), and behind by more than 5 % of the optimum. With --by=kind or --by=trait, the median trials
 * to 95 % per crash kind or landscape trait as well. With --paired=<method>, instance by instance
 * against that method: on how many each other method's best after 50 trials is higher and lower,
 * and the mean best after 50 (a change can move trajectories a lot and a median little).
 */
import { readFileSync } from 'node:fs';
import { tableProblem } from './family.ts';
import { median } from './methods.ts';

interface Line {
  instance: string;
  seed: number;
  kind: string;
  traits: string[];
  method: string;
  optimum: number;
  ms: number;
  truths: (number | null)[];
}

const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const args = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => a.replace(/^--/, '').split('=') as [string, string]),
);
const AGAINST = args.get('against') ?? 'random';
const BY = args.get('by');
const PAIRED = args.get('paired');
/** Only these methods (default: every method in the files); instances are those all of them ran. */
const ONLY = args.get('methods')?.split(',');
const TARGET = 0.95;

const lines: Line[] = files.flatMap((f) =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => !ONLY || ONLY.includes(l.method)),
);
const id = (l: Line) => `${l.instance}#${l.seed}`;
// The optimum of an instance is the best of every line about it (each run adds what it found).
const optimum = new Map<string, number>();
for (const l of lines) optimum.set(id(l), Math.max(optimum.get(id(l)) ?? 0, l.optimum));

const bestAfter = (l: Line, n: number) =>
  Math.max(0, ...l.truths.slice(0, n).map((v) => v ?? 0)) / (optimum.get(id(l)) as number);
// A table is reached at its top 1 % of rows (family.ts, FamilyProblem.target).
const targets = new Map(
  (['llama', 'qwen'] as const).map((w) => {
    const t = tableProblem(w);
    return [t.name, t.target as number];
  }),
);
const reach = (l: Line) => {
  const goal = targets.get(l.instance) ?? TARGET * (optimum.get(id(l)) as number);
  const i = l.truths.findIndex((v) => v !== null && v >= goal);
  return i < 0 ? l.truths.length + 1 : i + 1;
};

const methods = [...new Set(lines.map((l) => l.method))];
const byMethod = new Map(methods.map((m) => [m, new Map(lines.filter((l) => l.method === m).map((l) => [id(l), l]))]));
// Only instances every method ran, so that each figure is over the same instances.
const common = [...(byMethod.get(methods[0] as string)?.keys() ?? [])].filter((k) =>
  methods.every((m) => byMethod.get(m)?.has(k)),
);
const against = byMethod.get(AGAINST);

console.log(`${common.length} instances; behind = best true value lower than ${AGAINST}'s after that many trials`);
console.log(
  '| method | median trials to 95 % | never within 100 | median best after 50 | behind at 50 | behind at 100 | behind by > 5 % (50 / 100) |',
);
console.log('|---|---|---|---|---|---|---|');
for (const m of methods) {
  const own = byMethod.get(m) as Map<string, Line>;
  const ls = common.map((k) => own.get(k) as Line);
  const reaches = ls.map(reach);
  const behind = (n: number, margin: number) =>
    against && m !== AGAINST
      ? common.filter((k) => bestAfter(own.get(k) as Line, n) < bestAfter(against.get(k) as Line, n) - margin).length /
        common.length
      : Number.NaN;
  const pct = (v: number) => (Number.isNaN(v) ? '–' : `${(100 * v).toFixed(1)} %`);
  console.log(
    `| ${m} | ${median(reaches)} | ${reaches.filter((r) => r > 100).length} | ${median(ls.map((l) => bestAfter(l, 50))).toFixed(3)} | ${pct(behind(50, 0))} | ${pct(behind(100, 0))} | ${pct(behind(50, 0.05))} / ${pct(behind(100, 0.05))} |`,
  );
}

if (BY) {
  const groups = new Map<string, string[]>();
  for (const k of common) {
    const l = byMethod.get(methods[0] as string)?.get(k) as Line;
    const keys = BY === 'trait' ? l.traits : [l.kind.split('+')[0] as string];
    for (const g of keys) groups.set(g, [...(groups.get(g) ?? []), k]);
  }
  console.log(`\nMedian trials to 95 % by ${BY} (instances)`);
  console.log(`| ${BY} | n | ${methods.join(' | ')} |`);
  console.log(`|---|---|${methods.map(() => '---|').join('')}`);
  for (const [g, ks] of [...groups].sort()) {
    const cells = methods.map((m) => median(ks.map((k) => reach(byMethod.get(m)?.get(k) as Line))));
    console.log(`| ${g} | ${ks.length} | ${cells.join(' | ')} |`);
  }
}

const reference = PAIRED ? byMethod.get(PAIRED) : undefined;
if (PAIRED && !reference) throw new Error(`--paired: no lines of method '${PAIRED}'`);
if (reference) {
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  console.log(`\nBest after 50 trials, instance by instance against ${PAIRED}`);
  console.log('| method | mean best after 50 | higher | lower |');
  console.log('|---|---|---|---|');
  for (const m of methods) {
    const own = byMethod.get(m) as Map<string, Line>;
    const gap = common.map((k) => bestAfter(own.get(k) as Line, 50) - bestAfter(reference.get(k) as Line, 50));
    const higher = m === PAIRED ? '–' : gap.filter((g) => g > 1e-9).length;
    const lower = m === PAIRED ? '–' : gap.filter((g) => g < -1e-9).length;
    const means = mean(common.map((k) => bestAfter(own.get(k) as Line, 50))).toFixed(3);
    console.log(`| ${m} | ${means} | ${higher} | ${lower} |`);
  }
}
