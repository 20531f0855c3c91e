import { launchCommand } from '@mako/contract/vocabulary';
import { useState } from 'react';
import { Card } from '../../primitives/card';
import { CopyField } from '../../primitives/copy-field';
import { ParetoChart } from '../../primitives/pareto-chart';
import type { ParetoPoint as ChartPoint } from '../../primitives/pareto-chart';
import { Select } from '../../primitives/select';
import { formatMetric, metricLabel } from '../benchmark-common/benchmark-data';
import { RuntimeOptionChips } from '../benchmark-common/runtime-options';
import type { Objective, ParetoPoint, Runtime, TuningResult } from '@mako/contract';
import { plural } from '../../foundations/format';
import { formatMetricNumber } from '../tuning-common/tuning-format';
import {
  Note,
  Section as Root,
  SectionHead as Head,
  SectionTitle as Title,
} from '../benchmark-common/benchmark-common.styles';
import { Section as Details, TwoColumns as Layout } from '../../primitives/screen-layout';
import { Controls, PointButton, PointList, PointTrial, Values } from './pareto-front.styles';

export interface ParetoFrontProps {
  /** The session's objectives, the primary one first (two or three). */
  objectives: readonly Objective[];
  /** The session's front (GET /tuning/session/{id}: `pareto_front`). */
  front: readonly ParetoPoint[];
  /** Every reported trial: those with a value on every objective are drawn, failed ones are not. */
  trials: readonly TuningResult[];
  runtime: Runtime;
  modelName: string;
  onCopy?: (command: string) => void;
}

const FRONT = 'Pareto front';
const OTHERS = 'Dominated or broke a constraint';

/** "Output tok/s per GPU (higher is better)". */
const axisLabel = (o: Objective) =>
  `${metricLabel(o.metric)} (${o.direction === 'maximize' ? 'higher' : 'lower'} is better)`;

/** The axis pairs a 3-objective front can be drawn on: [y, x] indices into the objectives. */
function axisPairs(count: number): [number, number][] {
  return count === 3
    ? [
        [0, 1],
        [0, 2],
        [1, 2],
      ]
    : [[0, 1]];
}

/** The point best on the primary objective: what the session reports as its best. */
function primaryBest(front: readonly ParetoPoint[], objective: Objective): ParetoPoint | undefined {
  const sign = objective.direction === 'maximize' ? 1 : -1;
  return [...front].sort((a, b) => sign * ((b.values[0] ?? 0) - (a.values[0] ?? 0)))[0];
}

/**
 * A multi-objective session's Pareto front over all its trials: front points in colour, the
 * others faint, failed trials left out. Choosing a point (in the chart, or with the keyboard in the
 * list below it) shows that trial's configuration and launch command. With three objectives the
 * chart shows two of them at a time (the viewer picks which); every point's list entry and the
 * chosen point's details carry all three.
 */
export function ParetoFront({ objectives, front, trials, runtime, modelName, onCopy }: ParetoFrontProps) {
  const pairs = axisPairs(objectives.length);
  const [pairIndex, setPairIndex] = useState(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const [yIndex, xIndex] = pairs[pairIndex] ?? [0, 1];
  const yObjective = objectives[yIndex] as Objective;
  const xObjective = objectives[xIndex] as Objective;
  const selected = front.find((p) => p.result_id === chosen) ?? primaryBest(front, objectives[0] as Objective);

  const onFront = new Set(front.map((p) => p.result_id));
  const toPoint = (id: string, trial: number, values: readonly number[], group: string): ChartPoint => ({
    id,
    group,
    x: values[xIndex] ?? 0,
    y: values[yIndex] ?? 0,
    label: `Trial ${trial} · ${objectives.map((o, i) => formatMetric(o.metric, values[i])).join(' · ')}`,
  });
  const points = [
    ...front.map((p) => toPoint(p.result_id, p.trial_number, p.values, FRONT)),
    ...trials.flatMap((t) =>
      t.objective_values && !onFront.has(t.id) ? [toPoint(t.id, t.trial_number, t.objective_values, OTHERS)] : [],
    ),
  ];
  const plotted = points.length;

  return (
    <Root as="section" aria-labelledby="pareto-front-title">
      <Head>
        <Title id="pareto-front-title">Pareto front</Title>
        <Note>
          {front.length === 0
            ? 'No trial has met the constraints yet: the front starts with the first feasible trial.'
            : `${plural(front.length, 'configuration', 'configurations')} that no other trial beats on every objective, of ${plural(plotted, 'measured trial', 'measured trials')}. Choose one to see its configuration.`}
        </Note>
      </Head>
      {front.length > 0 ? (
        <Layout>
          <Card
            title="Trials"
            headingLevel={3}
            description={`${axisLabel(yObjective)} against ${axisLabel(xObjective)}.`}
          >
            {pairs.length > 1 ? (
              <Controls>
                <Select
                  label="Axes"
                  value={String(pairIndex)}
                  options={pairs.map(([y, x], i) => ({
                    value: String(i),
                    label: `${metricLabel((objectives[y] as Objective).metric)} against ${metricLabel((objectives[x] as Objective).metric)}`,
                  }))}
                  onValueChange={(value) => setPairIndex(Number(value))}
                />
              </Controls>
            ) : null}
            <ParetoChart
              points={points}
              showFrontier={false}
              dimmedGroups={[OTHERS]}
              xLabel={metricLabel(xObjective.metric)}
              yLabel={metricLabel(yObjective.metric)}
              formatX={(value) => formatMetricNumber(xObjective.metric, value)}
              formatY={(value) => formatMetricNumber(yObjective.metric, value)}
              title={`Trials by ${metricLabel(yObjective.metric)} and ${metricLabel(xObjective.metric)}`}
              summary={`${plural(plotted, 'trial', 'trials')} plotted, ${front.length} on the Pareto front.`}
              height={320}
              onPointClick={(point) => {
                if (onFront.has(point.id)) setChosen(point.id);
              }}
            />
          </Card>
          <Details>
            <PointList aria-label="Pareto front points">
              {front.map((p) => (
                <li key={p.result_id}>
                  <PointButton
                    type="button"
                    aria-pressed={p.result_id === selected?.result_id}
                    onClick={() => setChosen(p.result_id)}
                  >
                    <PointTrial>Trial {p.trial_number}</PointTrial>
                    <span>{objectives.map((o, i) => formatMetric(o.metric, p.values[i])).join(' · ')}</span>
                  </PointButton>
                </li>
              ))}
            </PointList>
            {selected ? (
              <Card title={`Trial ${selected.trial_number}`} headingLevel={3} aria-live="polite">
                <Details>
                  <Values aria-label={`Objectives of trial ${selected.trial_number}`}>
                    {objectives.map((o, i) => (
                      <div key={o.metric} style={{ display: 'contents' }}>
                        <dt>{axisLabel(o)}</dt>
                        <dd>{formatMetric(o.metric, selected.values[i])}</dd>
                      </div>
                    ))}
                  </Values>
                  <RuntimeOptionChips
                    options={Object.entries(selected.config).map(([name, value]) => ({ name, value }))}
                    aria-label={`Runtime options of trial ${selected.trial_number}`}
                  />
                  <CopyField
                    label="Launch command"
                    value={launchCommand(runtime, modelName, selected.config)}
                    multiline
                    copyLabel="Copy command"
                    onCopy={(command) => onCopy?.(command)}
                  />
                </Details>
              </Card>
            ) : null}
          </Details>
        </Layout>
      ) : null}
    </Root>
  );
}
